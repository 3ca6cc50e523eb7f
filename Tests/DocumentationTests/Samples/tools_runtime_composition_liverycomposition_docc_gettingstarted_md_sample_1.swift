// Written from Tools/Runtime/Composition/LiveryComposition.docc/GettingStarted.md (the sample at line 48) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_gettingstarted_md_sample_1() async throws {
    let composition = try Composition([NedsBrand.load()])    // the brand, read from its brand.json
    let assembled = try await composition.assemble("neds", on: .embedded(EmbeddedWorld()))
    print(assembled.runtime.manifest.displayName, assembled.origin)
}
