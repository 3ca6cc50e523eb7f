import Crypto
import Foundation

/// The SHA-256 digests of some secret tokens: a token offered is hashed and
/// compared with every digest in constant time, so neither the tokens nor
/// how near a guess came can be read from the sandbox's memory or timing.
struct TokenDigests: Sendable {
    private let digests: [SHA256.Digest]

    /// The digests of `tokens`.
    init(_ tokens: some Sequence<String>) {
        digests = tokens.map { SHA256.hash(data: Data($0.utf8)) }
    }

    /// Whether there are no tokens.
    var isEmpty: Bool { digests.isEmpty }

    /// The digest of `token` when it is one of the tokens, else `nil`; every
    /// digest is compared, whichever matches.
    func match(_ token: String) -> SHA256.Digest? {
        let offered = SHA256.hash(data: Data(token.utf8))
        var matched = false
        for digest in digests {
            let difference = zip(digest, offered).reduce(0 as UInt8) { $0 | ($1.0 ^ $1.1) }
            matched = matched || difference == 0
        }
        return matched ? offered : nil
    }
}
