import Foundation
import LiveryCore

/// A way an attacker writes a route's path so that a naive comparison of
/// paths misses it while a lenient router still serves it: the table the
/// canonical-path tests run against every route and every guard.
enum PathMutation: String, CaseIterable, Sendable {
    case doubledLeadingSlash
    case doubledInnerSlash
    case trailingSlash
    case encodedSlash
    case encodedSlashLowercase
    case dotSegment
    case dotDotSegment
    case encodedDotSegment
    case upperCase
    case semicolonParameter
    case encodedLetter
    case encodedUnreserved
    case backslash
    case absoluteForm

    /// `path` (canonical, no query) written this way; `nil` when the path is too short for it.
    func apply(to path: String, port: Int) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        guard let first = segments.first else { return nil }
        let rest = segments.dropFirst().map { "/" + $0 }.joined()
        switch self {
        case .doubledLeadingSlash: return "/" + path
        case .doubledInnerSlash: return segments.count > 1 ? "/\(first)/" + rest : nil
        case .trailingSlash: return path + "/"
        case .encodedSlash: return segments.count > 1 ? "/\(first)%2F" + rest.dropFirst() : nil
        case .encodedSlashLowercase: return segments.count > 1 ? "/\(first)%2f" + rest.dropFirst() : nil
        case .dotSegment: return "/\(first)/." + rest
        case .dotDotSegment: return "/\(first)/x/.." + rest
        case .encodedDotSegment: return "/\(first)/%2e%2e/\(first)" + rest
        case .upperCase: return "/" + first.uppercased() + rest
        case .semicolonParameter: return path + ";jsessionid=1"
        case .encodedLetter: return Self.percentEncoding(first: { $0.isLetter }, in: path)
        case .encodedUnreserved: return Self.percentEncoding(first: { $0 == "-" || $0 == "." }, in: path)
        case .backslash: return segments.count > 1 ? "/\(first)\\" + rest.dropFirst() : nil
        case .absoluteForm: return "http://127.0.0.1:\(port)" + path
        }
    }

    /// `path` with the first character `matching` holds written as `%XX`; `nil` when none does.
    static func percentEncoding(first matching: (Character) -> Bool, in path: String) -> String? {
        guard let index = path.firstIndex(where: matching), let byte = path[index].asciiValue else { return nil }
        var written = path
        written.replaceSubrange(index...index, with: String(format: "%%%02X", byte))
        return written
    }

    /// One random edit of `path` for the property test: a slash, dot or
    /// parameter put in, a character percent-encoded (in either case of hex
    /// digit) or its case flipped. The result may be the path itself.
    static func randomEdit(of path: String, using generator: inout SeededGenerator) -> String {
        var characters = Array(path)
        let at = Int.random(in: 0...characters.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: characters.insert("/", at: at)
        case 1: characters.insert(contentsOf: ["/", "."], at: at)
        case 2: characters.insert(contentsOf: ["/", ".", "."], at: at)
        case 3: characters.insert(contentsOf: Array(";v=1"), at: at)
        case 4:
            guard at < characters.count, let byte = characters[at].asciiValue else { break }
            let hex = String(format: Bool.random(using: &generator) ? "%%%02X" : "%%%02x", byte)
            characters.replaceSubrange(at...at, with: Array(hex))
        case 5:
            guard at < characters.count else { break }
            let flipped =
                characters[at].isUppercase ? characters[at].lowercased() : characters[at].uppercased()
            characters.replaceSubrange(at...at, with: Array(flipped))
        default:
            if at < characters.count, characters[at] == "/" { characters.remove(at: at) }
        }
        return String(characters)
    }
}
