// Written from Tools/Runtime/Composition/LiveryComposition.docc/AssemblingARuntime.md (the sample at line 125) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_assemblingaruntime_md_sample_5() async throws {
    let neds = try NedsBrand.load()
    let join = try JoinState.sample(.errorsShown, brand: neds)
    let bar = AppBarState.sample(.signedIn, brand: neds)
    let lookup = AddressLookupState.sample(.suggestions, in: neds.manifest.market)
    print(join.page.name, bar.layout.right.count, lookup.suggestions.count)
}
