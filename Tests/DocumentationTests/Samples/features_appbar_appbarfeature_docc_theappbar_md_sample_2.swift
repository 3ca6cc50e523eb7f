// Written from Features/AppBar/AppBarFeature.docc/TheAppBar.md (the sample at line 32) by DocumentationSampleTests: edit the markdown,
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

@MainActor func appBarGuideFollowTheServer(clientID: String) async throws {
    let details = EmbeddedClientDetails()    // signed out until the reader signs a client in
    let betslip = EmbeddedBetslipCount()
    let api = HTTPServiceConfiguration(baseURL: apiURL)
    let live = LiveServices(
        accounts: api, addresses: HarmonyConfiguration(baseURL: harmonyURL), session: appSession,
        clientDetails: details, betslipCount: betslip)
    let runtime = try await Composition([NedsBrand.load()]).assemble("neds", on: .live(live)).runtime
    let bar = runtime.appBar(options: AppBarOptions(screen: "home"))
    bar.send(.appeared)

    let reader = ClientDetailsReader(api, session: appSession)
    try await reader.refresh(clientID, session: details, betslip: betslip)    // after the app's own sign-in
    await bar.settle()
    print(bar.state.isSignedIn, bar.state.rightIDs)    // true [search, toolbox, balance, pendingBets, betslip]
}
