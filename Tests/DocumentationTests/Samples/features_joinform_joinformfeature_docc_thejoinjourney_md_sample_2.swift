// Written from Features/JoinForm/JoinFormFeature.docc/TheJoinJourney.md (the sample at line 44) by DocumentationSampleTests: edit the markdown,
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
func features_joinform_joinformfeature_docc_thejoinjourney_md_sample_2() async throws {
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(EmbeddedWorld())).runtime
    let journey = try runtime.joinForm()
    let before = journey.state
    journey.send(.dismissAlert)              // no alert is shown: ignored
    print(journey.state == before)           // true
    journey.send(.focus(.field("email")))
    print(journey.state == before)           // false: the focus moved
}
