import BrandDeclarations
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// What one server of the contract serves: its brands (each with the join
/// form its registrations are checked with, in its market) and the markets
/// an address may be looked up in. The document describes the requests of
/// exactly these, so a request the document allows is one the server takes,
/// and the server answers the document made for its own scope.
public struct ContractScope: Sendable {
    /// A brand served.
    public struct Brand: Sendable {
        /// Its id, as requests name it.
        public let id: BrandID
        /// The join form its registrations are checked with.
        public let definition: FormDefinition
        /// Its market.
        public let market: Market

        /// A brand of id `id`, registering with `definition` in `market`.
        public init(id: BrandID, definition: FormDefinition, market: Market) {
            self.id = id
            self.definition = definition
            self.market = market
        }
    }

    /// The brands, in the order the server lists them.
    public let brands: [Brand]
    /// The codes of the markets an address may be looked up in, sorted.
    public let markets: [String]

    /// The scope of `brands` and the markets of `markets`.
    public init(brands: [Brand], markets: [String]) {
        self.brands = brands
        self.markets = Array(Set(markets.map { $0.uppercased() })).sorted()
    }

    /// The brands `composition` registers, each with its bundled join form,
    /// and the markets of `catalogue` and of the brands.
    /// - Throws: `CompositionError` when a brand's form does not load.
    public init(composition: Composition, markets catalogue: MarketCatalogue) throws(CompositionError) {
        var brands: [Brand] = []
        for id in composition.registry.ids {
            let configuration = try composition.configuration(of: id.rawValue)
            brands.append(
                Brand(id: id, definition: configuration.bundledDefinition, market: configuration.market))
        }
        self.init(brands: brands, markets: catalogue.codes + brands.map(\.market.code))
    }
}
