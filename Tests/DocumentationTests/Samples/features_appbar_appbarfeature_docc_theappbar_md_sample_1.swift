// Written from Features/AppBar/AppBarFeature.docc/TheAppBar.md (the sample at line 11) by DocumentationSampleTests: edit the markdown,
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
func features_appbar_appbarfeature_docc_theappbar_md_sample_1() async throws {
    let world = EmbeddedWorld()
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime
    let bar = runtime.appBar(options: AppBarOptions(screen: "home"))
    bar.send(.appeared)
    world.session.signIn(ClientDetails(balance: 25, pendingBetsCount: 2))
    await bar.settle()                               // the bar follows the session: balance, pending bets
    world.flags.set(.pendingResultedNative, false)   // flags are read when an item is tapped
    bar.send(.tap(.pendingBets))
    print(bar.state.rightIDs, bar.state.route?.rawValue ?? "no route")   // … accountTransactionsPending
}
