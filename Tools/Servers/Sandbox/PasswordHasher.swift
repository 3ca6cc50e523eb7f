import Crypto
import Foundation
import _CryptoExtras

/// Hashes passwords with scrypt (swift-crypto) and a random 16-byte salt per
/// password. The stored form carries its parameters so the cost can change
/// without breaking old rows: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>`.
///
/// The password itself is never stored, logged or kept beyond the call.
public struct PasswordHasher: Sendable {
    /// scrypt's parameters.
    public struct Cost: Sendable, Equatable {
        /// log2 of the CPU/memory cost N.
        public var exponent: Int
        /// The block size r.
        public var blockSize: Int
        /// The parallelism p.
        public var parallelism: Int

        /// A cost.
        public init(exponent: Int, blockSize: Int = 8, parallelism: Int = 1) {
            self.exponent = exponent
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// N = 2^12, r = 8, p = 1 (4 MiB per hash, a few milliseconds): the
        /// sandbox's default, since it stores no real passwords.
        public static let sandbox = Cost(exponent: 12)
        /// N = 2^17, r = 8, p = 1 (128 MiB per hash): OWASP's minimum for scrypt
        /// in production, for measuring a sandbox as production would hash.
        public static let production = Cost(exponent: 17)
        /// N = 2^10: fast, for tests only.
        public static let testing = Cost(exponent: 10)

        /// Reads `--password-cost`: `sandbox`, `production`, or an exponent 10…20.
        public init?(option text: String) {
            switch text {
            case "sandbox": self = .sandbox
            case "production": self = .production
            default:
                guard let exponent = Int(text), (10...20).contains(exponent) else { return nil }
                self.init(exponent: exponent)
            }
        }
    }

    /// The cost new hashes use.
    public let cost: Cost

    /// A hasher with `cost`.
    public init(cost: Cost = .sandbox) {
        self.cost = cost
    }

    /// The stored form of `password` with a fresh random salt.
    public func hash(_ password: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try derive(password, salt: salt, cost: cost)
        return [
            "scrypt", "\(cost.exponent)", "\(cost.blockSize)", "\(cost.parallelism)",
            salt.base64EncodedString(), key.base64EncodedString(),
        ].joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from (a stored form
    /// with parameters beyond any this hasher writes is refused, not computed).
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let exponent = Int(parts[1]), (1...20).contains(exponent),
            let blockSize = Int(parts[2]), (1...32).contains(blockSize), let parallelism = Int(parts[3]),
            (1...16).contains(parallelism), let salt = Data(base64Encoded: parts[4]),
            let expected = Data(base64Encoded: parts[5]),
            let key = try? derive(
                password, salt: salt, cost: Cost(exponent: exponent, blockSize: blockSize, parallelism: parallelism))
        else { return false }
        // Constant-time comparison of equal-length keys.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derive(_ password: String, salt: Data, cost: Cost) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: 32,
            rounds: 1 << cost.exponent, blockSize: cost.blockSize,
            parallelism: cost.parallelism)
        return key.withUnsafeBytes { Data($0) }
    }
}
