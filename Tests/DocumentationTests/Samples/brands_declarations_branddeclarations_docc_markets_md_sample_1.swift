// Written from Brands/Declarations/BrandDeclarations.docc/Markets.md (the sample at line 25) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
func brands_declarations_branddeclarations_docc_markets_md_sample_1() async throws {
    let markets = try MarketCatalogue.shipped()
    print(markets.codes)                                           // ["AU", "GB", "NZ"]
    guard let nz = try MarketCatalogue.shippedMarket(code: "nz") else { return }
    print(nz.name, nz.currency.text(12.5), nz.minimumAge)          // New Zealand $12.50 18
    print(nz.address.order.map(\.rawValue))                        // ["unit", "streetNumber", "street", "suburb", "city", "postcode"]
    print(nz.address.isRequired(.suburb), nz.mobile.isMobileNumber("021 123 4567"))    // false true
    print(markets.market(code: "AU") == (try NedsBrand.load().manifest.market))      // true: one pack, one market
}
