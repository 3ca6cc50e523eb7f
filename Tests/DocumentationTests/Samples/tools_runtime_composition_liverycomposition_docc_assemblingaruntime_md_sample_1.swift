// Written from Tools/Runtime/Composition/LiveryComposition.docc/AssemblingARuntime.md (the sample at line 19) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_assemblingaruntime_md_sample_1() async throws {
    let composition = try Composition([NedsBrand.load()])
    let live = LiveServices(
        accounts: HTTPServiceConfiguration(baseURL: apiURL),                      // username checks, create-client
        addresses: HarmonyConfiguration(baseURL: harmonyURL, headers: ["x-api-key": apiKey]),
        session: appSession)
    let assembled = try await composition.assemble("neds", on: .live(live))
    if case .bundledAfterServerFailure(let failure) = assembled.origin {
        print("the server's form could not be had: \(failure)")                // never swallowed
    }
}
