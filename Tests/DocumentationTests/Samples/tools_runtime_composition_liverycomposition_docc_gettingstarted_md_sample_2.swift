// Written from Tools/Runtime/Composition/LiveryComposition.docc/GettingStarted.md (the sample at line 61) by DocumentationSampleTests: edit the markdown,
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
func tools_runtime_composition_liverycomposition_docc_gettingstarted_md_sample_2() async throws {
    let assembled = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(EmbeddedWorld()))
    let join = try assembled.runtime.joinForm()                  // a JoinFormStore
    join.send(.focus(.field("email")))
    join.send(.change(.field("email"), "pat@example.com"))
    join.send(.next)                                              // email loses focus and is checked
    print(join.state.field("email")?.status.kind == .valid)       // true, at once
    await join.settle()                                           // waits for any due async work
}
