// Written from Features/JoinForm/JoinFormFeature.docc/TheJoinJourney.md (the sample at line 165) by DocumentationSampleTests: edit the markdown,
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
func features_joinform_joinformfeature_docc_thejoinjourney_md_sample_4() async throws {
    let market = try NedsBrand.load().manifest.market
    let accounts = EmbeddedAccountBackend(
        definition: try FormDefinition.standard(for: market),
        environment: RuleEnvironment(market: market, wallClock: .system()),
        takenUsernames: ["AdaLove"])
    let verdict = try await accounts.checkUsername("ADA1OVE", for: NedsBrand.load().manifest.id)
    print(verdict)   // unavailable([username.taken: That username is taken.]): a look-alike of AdaLove
}
