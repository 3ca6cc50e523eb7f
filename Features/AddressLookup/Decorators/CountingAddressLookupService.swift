import LiveryCore

/// Counts the requests that reach a service, so tests and benchmarks can
/// report requests per entered address. Wrap the service that
/// bills: put it inside a ``CachingAddressLookupService`` to count only the
/// requests the cache lets through. Calls run on the caller's executor.
public final class CountingAddressLookupService: AddressLookupService, Sendable {
    /// What has been asked so far.
    public struct Counts: Hashable, Sendable {
        /// Every query searched for, in order.
        public var queries: [String] = []
        /// Every id retrieved, in order.
        public var retrievedIDs: [String] = []
        /// How many searches were made.
        public var searches: Int { queries.count }
        /// How many addresses were retrieved.
        public var retrievals: Int { retrievedIDs.count }
        /// Searches plus retrievals.
        public var total: Int { searches + retrievals }
    }

    private let base: any AddressLookupService
    private let recorded = Locked(Counts())

    /// What has been asked so far.
    public var counts: Counts { recorded.withLock { $0 } }

    /// Counts the requests made to `base`.
    public init(wrapping base: any AddressLookupService) {
        self.base = base
    }

    /// How many searches were made.
    public var searchCount: Int { counts.searches }
    /// How many addresses were retrieved.
    public var retrievalCount: Int { counts.retrievals }

    /// Forgets the counts.
    public func reset() { recorded.withLock { $0 = Counts() } }

    /// Counts the search, then asks the wrapped service.
    public func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        recorded.withLock { $0.queries.append(query) }
        return try await base.suggestions(for: query, in: market, limit: limit)
    }

    /// Counts the retrieval, then asks the wrapped service.
    public func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        recorded.withLock { $0.retrievedIDs.append(id) }
        return try await base.address(id: id, in: market)
    }
}
