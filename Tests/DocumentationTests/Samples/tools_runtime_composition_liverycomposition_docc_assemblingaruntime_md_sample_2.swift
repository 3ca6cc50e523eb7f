// Written from Tools/Runtime/Composition/LiveryComposition.docc/AssemblingARuntime.md (the sample at line 42) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_assemblingaruntime_md_sample_2() async throws {
    let virtual = VirtualClock()    // 1 January 2026, 00:00 UTC, until advanced
    let live = LiveServices(
        accounts: HTTPServiceConfiguration(baseURL: apiURL), addresses: HarmonyConfiguration(baseURL: harmonyURL),
        session: appSession, clock: EngineClock(virtual), wallClock: virtual.wallClock())
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .live(live)).runtime
    print(runtime.manifest.id)
}
