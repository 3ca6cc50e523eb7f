// Written from README.md (the sample at line 50) by DocumentationSampleTests: edit the markdown,
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
func readme_md_sample_1() async throws {
    let composition = try Composition([NedsBrand.load()])
    let assembled = try await composition.assemble("neds", on: .embedded(EmbeddedWorld()))
    let join = try assembled.runtime.joinForm()
    join.send(.focus(.field("email")))
    join.send(.change(.field("email"), "pat@example.com"))
    join.send(.next)                                   // the email is checked as it loses focus
    await join.settle()
    print(join.state.field("email")?.status.kind == .valid)
}
