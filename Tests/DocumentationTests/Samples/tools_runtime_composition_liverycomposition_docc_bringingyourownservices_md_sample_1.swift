// Written from Tools/Runtime/Composition/LiveryComposition.docc/BringingYourOwnServices.md (the sample at line 19) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_bringingyourownservices_md_sample_1() async throws {
    let api = HTTPServiceConfiguration(baseURL: apiURL)
    let live = LiveServices(
        accounts: .http(api, session: appSession),                                            // any AccountBackend
        addresses: .harmony(HarmonyConfiguration(baseURL: harmonyURL), session: appSession),  // any AddressLookupService
        definition: .serverOrBundled(.http(api, session: appSession)))                        // any FormDefinitionSource
    let assembled = try await Composition([NedsBrand.load()]).assemble("neds", on: .live(live))
    print(assembled.origin)
}
