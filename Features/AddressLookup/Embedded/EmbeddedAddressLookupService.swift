import LiveryCore

/// An address lookup that works offline: an in-memory index over a fixed
/// list of addresses, by default the bundled synthetic dataset
/// (``AddressDataset``), to which a market's pack may add its own.
///
/// Search is token-prefix matching that ignores case, diacritics and
/// punctuation, reads unit/number forms ("3/12 smith st", "unit 3 12 smith")
/// and street-type abbreviations ("st" ↔ "street"), and ranks exact words
/// above prefixes. Every word of the query must match, so gibberish finds
/// nothing (an empty list, not an error). Build it once and share it: the
/// index is immutable.
public struct EmbeddedAddressLookupService: AddressLookupService {
    private let indexes: [String: AddressIndex]
    private let addressesByID: [String: PostalAddress]

    /// An index over `addresses`. Addresses without an id get one from their
    /// position (`embedded-<n>`); the first address with a given id wins.
    public init(addresses: [PostalAddress]) {
        var byMarket: [String: [PostalAddress]] = [:]
        var byID: [String: PostalAddress] = [:]
        for (position, address) in addresses.enumerated() {
            var address = address
            if address.id == nil { address.id = "embedded-\(position)" }
            guard let id = address.id, byID[id] == nil else { continue }
            byID[id] = address
            byMarket[address.marketCode, default: []].append(address)
        }
        self.init(indexes: byMarket.mapValues { AddressIndex(addresses: $0) })
    }

    /// A service over indexes already made (for example read from a prepared index file).
    init(indexes: [String: AddressIndex]) {
        self.indexes = indexes
        var byID: [String: PostalAddress] = [:]
        byID.reserveCapacity(indexes.values.reduce(0) { $0 + $1.addresses.count })
        for index in indexes.values {
            for address in index.addresses { if let id = address.id { byID[id] = address } }
        }
        addressesByID = byID
    }

    /// The index of each market, by code.
    var marketIndexes: [String: AddressIndex] { indexes }

    /// Every address indexed, market by market in code order, each market in the order given.
    public var addresses: [PostalAddress] {
        indexes.sorted { $0.key < $1.key }.flatMap(\.value.addresses)
    }

    /// This service with `addresses` of other markets added (a market pack's
    /// own addresses); a market already indexed keeps its index.
    public func adding(_ addresses: [PostalAddress]) -> EmbeddedAddressLookupService {
        let added = EmbeddedAddressLookupService(
            addresses: addresses.filter { indexes[$0.marketCode] == nil && addressesByID[$0.id ?? ""] == nil })
        return EmbeddedAddressLookupService(indexes: indexes.merging(added.indexes) { kept, _ in kept })
    }

    /// An index over the bundled dataset (about 11,000 addresses), read from
    /// the index prepared with the module: loading it parses and tokenises nothing.
    /// - Throws: `AddressLookupError/unavailable(reason:)` when the resource is missing or damaged.
    public static func bundled() throws(AddressLookupError) -> EmbeddedAddressLookupService {
        try PreparedAddressIndex.load(PreparedAddressIndex.bundledData())
    }

    /// How many addresses are indexed.
    public var count: Int { addressesByID.count }

    /// Up to `limit` suggestions for `query` in `market`, best first; empty
    /// when nothing matches.
    public func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        guard !Task.isCancelled else { throw .cancelled }
        return search(query, in: market, limit: limit)
    }

    /// The synchronous search behind ``suggestions(for:in:limit:)``. A query
    /// beyond `AddressQuery`'s bounds finds nothing, at once.
    public func search(_ query: String, in market: Market, limit: Int) -> [AddressSuggestion] {
        guard let index = indexes[market.code], AddressQuery.isWithinBounds(query) else { return [] }
        return index.search(query, limit: limit).map { position in
            AddressSuggestion(id: index.addresses[position].id ?? "", text: index.texts[position])
        }
    }

    /// ``search(_:in:limit:)`` without stopping early: every candidate of the
    /// most selective query token scored and sorted. The same results, the
    /// benchmarks' baseline.
    @_spi(Benchmarks)
    public func searchScoringEveryCandidate(_ query: String, in market: Market, limit: Int) -> [AddressSuggestion] {
        guard let index = indexes[market.code], AddressQuery.isWithinBounds(query) else { return [] }
        return index.searchByScoringAll(query, limit: limit).map { position in
            AddressSuggestion(id: index.addresses[position].id ?? "", text: index.texts[position])
        }
    }

    /// ``search(_:in:limit:)`` without the query's bounds: what the index
    /// itself does with a query of any length (the benchmarks' hostile queries).
    @_spi(Benchmarks)
    public func searchIgnoringBounds(_ query: String, in market: Market, limit: Int) -> [AddressSuggestion] {
        guard let index = indexes[market.code] else { return [] }
        return index.search(query, limit: limit).map { position in
            AddressSuggestion(id: index.addresses[position].id ?? "", text: index.texts[position])
        }
    }

    /// The address with id `id`, if indexed.
    public func stored(id: String) -> PostalAddress? { addressesByID[id] }

    /// The address with id `id`.
    /// - Throws: `AddressLookupError/notFound(id:)` for an unknown id.
    public func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        guard let address = addressesByID[id] else { throw .notFound(id: id) }
        return address
    }
}
