import LiveryCore

/// Answers a repeated lookup from memory for a short time (address
/// APIs bill per request).
///
/// Searches are cached by their exact `(query, market, limit)`: a longer
/// query is always a new request, never filtered from a shorter query's
/// capped results (those hold only the top `limit` matches, so the longer
/// query's best answers may not be among them). Retrieved addresses are
/// cached by id. Entries expire `timeToLive` after they were stored,
/// measured on the injected clock; failures are never cached. Calls run on
/// the caller's executor; the caches sit behind a lock, never held across a
/// call to the wrapped service.
public final class CachingAddressLookupService: AddressLookupService, Sendable {
    private struct SearchKey: Hashable, Sendable {
        let query: String
        let market: Market
        let limit: Int
    }

    private struct Entry<Value: Sendable>: Sendable {
        let value: Value
        let expiry: Duration
    }

    private let base: any AddressLookupService
    private let clock: EngineClock
    private let timeToLive: Duration
    private let capacity: Int
    private struct Caches: Sendable {
        var searches: [SearchKey: Entry<[AddressSuggestion]>] = [:]
        var addresses: [String: Entry<PostalAddress>] = [:]
    }

    private let caches = Locked(Caches())

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

    /// The cached answer for exactly this query, market and limit, or the base service's.
    /// A query no search takes (`AddressQuery.isSearchable`) finds nothing without asking the base.
    public func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        guard limit > 0, AddressQuery.isSearchable(query) else { return [] }
        let key = SearchKey(query: query, market: market, limit: limit)
        let now = clock.now
        if let entry = caches.withLock({ $0.searches[key] }), entry.expiry > now { return entry.value }
        let value = try await base.suggestions(for: query, in: market, limit: limit)
        let stored = clock.now
        caches.withLock {
            Self.store(value, for: key, in: &$0.searches, now: stored, timeToLive: timeToLive, capacity: capacity)
        }
        return value
    }

    /// The cached address with this id, or the base service's.
    public func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        let now = clock.now
        if let entry = caches.withLock({ $0.addresses[id] }), entry.expiry > now { return entry.value }
        let value = try await base.address(id: id, in: market)
        let stored = clock.now
        caches.withLock {
            Self.store(value, for: id, in: &$0.addresses, now: stored, timeToLive: timeToLive, capacity: capacity)
        }
        return value
    }

    /// Forgets every cached answer.
    public func removeAll() {
        caches.withLock { $0 = Caches() }
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
