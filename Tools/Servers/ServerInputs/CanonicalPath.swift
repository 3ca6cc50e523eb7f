/// The one form of request target a guarded server serves, decided on the
/// request's head before any router or middleware sees it, so that every
/// guard (access tokens, worlds, seeding, the exchange recorder) and the
/// router read the very same path.
///
/// A target is canonical when it is a path (origin form: it starts with
/// `/`), optionally followed by `?` and a query, and its path has
///
/// - no empty segment: no `//` and no trailing `/` (the path `/` itself aside);
/// - no `.` or `..` segment;
/// - only letters A–Z and a–z, digits and `-` `.` `_` `~` (RFC 3986's
///   unreserved characters) between its slashes: no percent-encoding (not
///   even of a letter, `%63`, or a slash, `%2F`), no `;` parameters, no `#`.
///
/// A guarded server refuses anything else 400 `path.notCanonical` rather than rewriting it:
/// a client that means a route sends it as the route is written. Letter case
/// is not folded: `/v2/Client` is a canonical path that names no route (404).
public enum CanonicalPath {
    /// Why `target` (a request line's target, query included) is not
    /// canonical, in words; `nil` when it is.
    public static func problem(in target: String) -> String? {
        let path = target.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard path.first == UInt8(ascii: "/") else {
            return "the request target must be a path starting with / (origin form), not a full URL or *"
        }
        guard path.count > 1 else { return nil }
        for segment in path.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if segment.isEmpty { return "the path has an empty segment (a doubled or trailing /)" }
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
                return "the path has a . or .. segment"
            }
            if let byte = segment.first(where: { !isUnreserved($0) }) {
                return "the path holds \(describe(byte)); paths here are letters, digits and - . _ ~ "
                    + "between single slashes (no percent-encoding, no ;parameters)"
            }
        }
        return nil
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `'%'`, or the byte's value when it is not a printable ASCII character.
    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "the byte 0x\(String(byte, radix: 16))"
    }
}
