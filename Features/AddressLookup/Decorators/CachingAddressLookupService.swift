import LiveryCore

/// Answers a repeated lookup from memory for a short time (address
/// APIs bill per request).
///
/// Searches are cached by their exact `(query, region, limit)`: a longer
/// query is always a new request, never filtered from a shorter query's
/// capped results (those hold only the top `limit` matches, so the longer
/// query's best answers may not be among them). Retrieved addresses are
/// cached by id. Entries expire `timeToLive` after they were stored,
/// measured on the injected clock; failures are never cached.
public actor CachingAddressLookupService: AddressLookupService {
    private struct SearchKey: Hashable {
        let query: String
        let region: Region
        let limit: Int
    }

    private struct Entry<Value> {
        let value: Value
        let expiry: Duration
    }

    private let base: any AddressLookupService
    private let clock: EngineClock
    private let timeToLive: Duration
    private let capacity: Int
    private var searches: [SearchKey: Entry<[AddressSuggestion]>] = [:]
    private var addresses: [String: Entry<PostalAddress>] = [:]

    /// Caches the answers of `base` for `timeToLive` on `clock`, keeping at
    /// most `capacity` searches and `capacity` addresses.
    public init(
        wrapping base: any AddressLookupService, clock: EngineClock,
        timeToLive: Duration = .seconds(120), capacity: Int = 256
    ) {
        self.base = base
        self.clock = clock
        self.timeToLive = timeToLive
        self.capacity = max(1, capacity)
    }

    /// The cached answer for exactly this query, region and limit, or the base service's.
    /// A query no search takes (`AddressQuery.isSearchable`) finds nothing without asking the base.
    public func suggestions(for query: String, in region: Region, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        guard limit > 0, AddressQuery.isSearchable(query) else { return [] }
        let key = SearchKey(query: query, region: region, limit: limit)
        if let entry = searches[key], entry.expiry > clock.now { return entry.value }
        let value = try await base.suggestions(for: query, in: region, limit: limit)
        Self.store(value, for: key, in: &searches, now: clock.now, timeToLive: timeToLive, capacity: capacity)
        return value
    }

    /// The cached address with this id, or the base service's.
    public func address(id: String, in region: Region) async throws(AddressLookupError) -> PostalAddress {
        if let entry = addresses[id], entry.expiry > clock.now { return entry.value }
        let value = try await base.address(id: id, in: region)
        Self.store(value, for: id, in: &addresses, now: clock.now, timeToLive: timeToLive, capacity: capacity)
        return value
    }

    /// Forgets every cached answer.
    public func removeAll() {
        searches = [:]
        addresses = [:]
    }

    private static func store<Key: Hashable, Value>(
        _ value: Value, for key: Key, in cache: inout [Key: Entry<Value>],
        now: Duration, timeToLive: Duration, capacity: Int
    ) {
        if cache[key] == nil, cache.count >= capacity {
            cache = cache.filter { $0.value.expiry > now }
            if cache.count >= capacity, let oldest = cache.min(by: { $0.value.expiry < $1.value.expiry })?.key {
                cache[oldest] = nil
            }
        }
        cache[key] = Entry(value: value, expiry: now + timeToLive)
    }
}
