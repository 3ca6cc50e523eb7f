// Written from Features/AddressLookup/AddressLookupFeature.docc/SearchingForAnAddress.md (the sample at line 83) by DocumentationSampleTests: edit the markdown,
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
func features_addresslookup_addresslookupfeature_docc_searchingforanaddress_md_sample_2() async throws {
    let market = try NedsBrand.load().manifest.market
    let harmony = HarmonyAddressLookupService(
        configuration: HarmonyConfiguration(baseURL: harmonyURL, headers: ["x-api-key": apiKey]), session: appSession)
    let counted = CountingAddressLookupService(wrapping: harmony)
    let cached = CachingAddressLookupService(wrapping: counted, clock: .continuous)
    let suggestions = try await cached.suggestions(for: "12 smith", in: market, limit: 8)
    print(suggestions.count, counted.searchCount)
}
