// Written from Core/LiveryCore.docc/Addresses.md (the sample at line 34) by DocumentationSampleTests: edit the markdown,
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
func core_liverycore_docc_addresses_md_sample_1() async throws {
    let market = try TabNZBrand.load().manifest.market    // New Zealand
    print(market.address.places.map { "\($0.part)\($0.isRequired ? "" : " (optional)")" })   // ["suburb (optional)", "city"]

    let central = PostalAddress(
        id: "own-1", unit: "4", streetNumber: "12", street: "Queen Street",
        places: [.suburb: "Auckland Central", .city: "Auckland"], postcode: "1010", in: market.address)
    let kowhai = PostalAddress(
        id: "own-2", streetNumber: "7", street: "Kowhai Street", places: [.city: "Whangārei"], postcode: "0110",
        in: market.address)                                 // no suburb: optional in New Zealand
    print(central.singleLine)                               // 4/12 Queen Street, Auckland Central, Auckland 1010
    print(kowhai.singleLine, kowhai[.suburb] ?? "none")     // 7 Kowhai Street, Whangārei 0110 none
}
