import LiveryWire

/// Finds addresses as a user types and retrieves the one they choose.
///
/// Implementations: an embedded index that works offline (the default for
/// runs and tests) and an HTTP client for a Harmony-style find/retrieve API.
/// Address APIs bill per request, so callers search only after a debounce,
/// cache exact queries briefly and retrieve only on selection.
///
/// A query is at most ``AddressQuery/maximumCharacters`` characters and
/// ``AddressQuery/maximumWords`` words (no address is longer): the lookup
/// never sends a longer one, and the services answer one with no suggestions.
public protocol AddressLookupService: Sendable {
    /// Up to `limit` suggestions for `query` in `market`, best first.
    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]

    /// The full address of the suggestion with id `id`, found in `market`.
    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress
}

/// Why an address lookup failed.
public enum AddressLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No address has this id.
    case notFound(id: String)
    /// The service could not be reached or answered with an error status.
    case unavailable(reason: String)
    /// The service did not answer in time.
    case timedOut
    /// The service answered with something that is not the expected shape.
    case invalidResponse(reason: String)
    /// The request was cancelled (a newer query replaced it).
    case cancelled

    /// What went wrong.
    public var description: String {
        switch self {
        case .notFound(let id): "no address has id '\(id)'"
        case .unavailable(let reason): "the address service is unavailable: \(reason)"
        case .timedOut: "the address service did not answer in time"
        case .invalidResponse(let reason): "the address service answered with an unexpected shape: \(reason)"
        case .cancelled: "the address request was cancelled"
        }
    }
}

/// The bounds of an address query. A person types a few words of an address;
/// text far longer is a paste gone wrong or an attack, and searching it costs
/// time every other person waits for.
public enum AddressQuery {
    /// The most characters (Unicode scalars, as the contract's JSON Schema counts them) a query has: 200.
    public static let maximumCharacters = AddressFindItem.maximumCharacters
    /// The most words (runs of text between spaces) a query has: 12.
    public static let maximumWords = AddressFindItem.maximumWords

    /// The fewest characters (after trimming white space) a query has before
    /// anything searches it: 4. Shorter text ("", "1", "12a") would match a
    /// great many addresses, so no service spends a request on it, and the
    /// lookup never searches with a smaller minimum.
    public static let minimumCharacters = 4

    /// Whether `query` is worth a search: once trimmed, at least
    /// `minimumLength` characters (never fewer than ``minimumCharacters``),
    /// and within both bounds. The lookup asks it with its brand's minimum,
    /// the services with the default; what fails it finds nothing.
    public static func isSearchable(_ query: String, minimumLength: Int = minimumCharacters) -> Bool {
        guard isWithinBounds(query) else { return false }
        let wanted = max(minimumLength, minimumCharacters)
        return query.trimmingCharacters(in: .whitespacesAndNewlines).count >= wanted
    }

    /// Whether `query` is within both bounds. Reads at most a few hundred
    /// bytes of it, however long it is.
    public static func isWithinBounds(_ query: String) -> Bool {
        // A character is at least one byte: a query of more bytes than this cannot be within bounds.
        var bytes = 0
        var words = 0
        var inWord = false
        for byte in query.utf8 {
            bytes += 1
            if bytes > maximumCharacters * 4 { return false }
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if !isSpace, !inWord {
                words += 1
                if words > maximumWords { return false }
            }
            inWord = !isSpace
        }
        return bytes <= maximumCharacters || query.unicodeScalars.count <= maximumCharacters
    }

    /// `text` cut to its longest run of whole characters within
    /// ``maximumCharacters`` Unicode scalars, as a search field takes it.
    public static func limited(_ text: String) -> String {
        guard text.utf8.count > maximumCharacters, text.unicodeScalars.count > maximumCharacters else { return text }
        var scalars = 0
        var end = text.startIndex
        for character in text {
            scalars += character.unicodeScalars.count
            guard scalars <= maximumCharacters else { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }
}
