// Written from Tools/Runtime/Composition/LiveryComposition.docc/AssemblingARuntime.md (the sample at line 86) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_assemblingaruntime_md_sample_3() async throws {
    let composition = try Composition([NedsBrand.load()])
    do {
        _ = try await composition.assemble("nedz", on: .embedded(EmbeddedWorld()))
    } catch {
        print(error)   // unknown brand 'nedz' … known brands: neds
    }
}
