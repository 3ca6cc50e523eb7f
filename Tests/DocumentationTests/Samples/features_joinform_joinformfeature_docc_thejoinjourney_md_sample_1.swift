// Written from Features/JoinForm/JoinFormFeature.docc/TheJoinJourney.md (the sample at line 12) by DocumentationSampleTests: edit the markdown,
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
func features_joinform_joinformfeature_docc_thejoinjourney_md_sample_1() async throws {
    let world = EmbeddedWorld()
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
    let journey = try runtime.joinForm()
    journey.send(.focus(.field("email")))
    journey.send(.change(.field("email"), "pat@example.com"))
    journey.send(.next)                  // the email is checked as it loses focus
    journey.send(.continue)              // the continue walk starts
    await journey.settle()               // wait for the checks and the walk
    let state = journey.state            // fields, page, focus, alert, route, progress…
    print(state.progress, state.focus?.description ?? "no focus", state.alert?.title ?? "no alert")
}
