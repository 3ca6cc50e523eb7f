// Written from Brands/Declarations/BrandDeclarations.docc/Markets.md (the sample at line 61) by DocumentationSampleTests: edit the markdown,
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

/// The shipped markets and a team's own packs, and a brand file that names one of them.
func marketsGuideOwnBrand(packs: URL, brandFile: URL) throws -> BrandDefinition {
    let markets = try MarketCatalogue.shipped().adding(folder: packs)
    print(markets.codes)                               // ["AU", "GB", "NZ"] and the folder's
    return try BrandDefinition.read(
        json: try Data(contentsOf: brandFile), file: brandFile.lastPathComponent,
        folder: .directory(brandFile.deletingLastPathComponent()), markets: markets)
}
