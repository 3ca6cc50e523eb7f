// Written from Tools/Runtime/Composition/LiveryComposition.docc/AssemblingARuntime.md (the sample at line 105) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_assemblingaruntime_md_sample_4() async throws {
    let neds = try NedsBrand.load()
    let standard = try FormDefinition.standard(for: neds.manifest.market)    // the market's standard form
    let variant = neds.with(definition: standard).theme(try TabNZBrand.load().theme)
    let assembled = try await Composition([variant]).assemble("neds", on: .embedded(EmbeddedWorld()))
    print(assembled.runtime.theme.name, assembled.definition == standard)
}
