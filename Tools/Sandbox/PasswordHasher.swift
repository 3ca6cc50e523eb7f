import _CryptoExtras
import Crypto
import Foundation

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

        /// N = 2^15, r = 8, p = 1 (32 MiB per hash; OWASP's scrypt minimum is N = 2^17 with r = 8 for production).
        public static let standard = Cost(exponent: 15)
        /// N = 2^10: fast, for tests only.
        public static let testing = Cost(exponent: 10)
    }

    /// The cost new hashes use.
    public let cost: Cost

    /// A hasher with `cost`.
    public init(cost: Cost = .standard) {
        self.cost = cost
    }

    /// The stored form of `password` with a fresh random salt.
    public func hash(_ password: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try derive(password, salt: salt, cost: cost)
        return ["scrypt", "\(cost.exponent)", "\(cost.blockSize)", "\(cost.parallelism)",
                salt.base64EncodedString(), key.base64EncodedString()].joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from (a stored form
    /// with parameters beyond any this hasher writes is refused, not computed).
    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let exponent = Int(parts[1]), (1...20).contains(exponent),
              let blockSize = Int(parts[2]), (1...32).contains(blockSize), let parallelism = Int(parts[3]), (1...16).contains(parallelism), let salt = Data(base64Encoded: parts[4]),
              let expected = Data(base64Encoded: parts[5]),
              let key = try? derive(password, salt: salt, cost: Cost(exponent: exponent, blockSize: blockSize, parallelism: parallelism))
        else { return false }
        // Constant-time comparison of equal-length keys.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derive(_ password: String, salt: Data, cost: Cost) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: 32,
                                           rounds: 1 << cost.exponent, blockSize: cost.blockSize,
                                           parallelism: cost.parallelism)
        return key.withUnsafeBytes { Data($0) }
    }
}
