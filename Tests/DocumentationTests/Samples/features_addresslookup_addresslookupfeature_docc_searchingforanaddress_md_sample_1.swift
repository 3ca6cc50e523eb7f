// Written from Features/AddressLookup/AddressLookupFeature.docc/SearchingForAnAddress.md (the sample at line 11) by DocumentationSampleTests: edit the markdown,
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
func features_addresslookup_addresslookupfeature_docc_searchingforanaddress_md_sample_1() async throws {
    let world = EmbeddedWorld()
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
    let lookup = runtime.addressLookup()
    lookup.send(.typeText(runtime.market.address.sampleSearch))
    await world.clock.advance(by: .milliseconds(300))   // the debounce passes: the search is sent
    await lookup.settle()                               // and answered
    guard let first = lookup.state.suggestions.first else { return }
    lookup.send(.select(id: first.id))                  // fills the text, closes the list, retrieves the address
    await lookup.settle()
    print(lookup.state.address?.singleLine ?? "no address", lookup.state.status)
}
