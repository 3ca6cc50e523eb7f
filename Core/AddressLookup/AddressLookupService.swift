/// Finds addresses as a user types and retrieves the one they choose.
///
/// Implementations: an embedded index that works offline (the default for
/// runs and tests) and an HTTP client for a Harmony-style find/retrieve API.
/// Address APIs bill per request, so callers search only after a debounce,
/// cache exact queries briefly and retrieve only on selection.
public protocol AddressLookupService: Sendable {
    /// Up to `limit` suggestions for `query` in `region`, best first.
    func suggestions(for query: String, in region: Region, limit: Int) async throws(AddressLookupError) -> [AddressSuggestion]

    /// The full address of the suggestion with id `id`.
    func address(id: String) async throws(AddressLookupError) -> PostalAddress
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
