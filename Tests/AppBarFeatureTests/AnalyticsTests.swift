import AppBarFeature
import LiveryCore
import Testing

@Suite("App bar analytics", .timeLimit(.minutes(5)))
@MainActor
struct AnalyticsTests {
    /// The item and outcome of each recorded tap event.
    private func taps(_ recorder: RecordingDestination) -> [String] {
        recorder.events.filter { $0.name == AppBarEvent.tapped.rawValue }.map { "\($0["item"]!)→\($0["outcome"]!)" }
    }

    @Test("Every signed-out tap is an event naming the item and what it did")
    func signedOutTaps() async {
        let harness = AppBarHarness()
        let bar = harness.bar()
        for item in [AppBarItemID.search, .login, .join, .betslip] { bar.send(.tap(item)) }
        #expect(taps(harness.recorder) == ["search→search", "login→legacyLogin", "join→join", "betslip→legacyBetslip"])
        #expect(harness.recorder.events.allSatisfy { $0["signed_in"] == false })
    }

    @Test("Every signed-in tap is an event, overlays included")
    func signedInTaps() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        for item in [AppBarItemID.search, .balance, .pendingBets, .betslip, .locker, .locker, .userTray, .locker] {
            bar.send(.tap(item))
        }
        #expect(
            taps(harness.recorder) == [
                "search→search", "balance→deposit", "pendingBets→accountTransactionsPending", "betslip→legacyBetslip",
                "locker→openLocker", "locker→closeLocker", "userTray→openUserTray",
                "locker→closeUserTrayThenOpenLocker",
            ])
        #expect(harness.recorder.events.allSatisfy { $0["signed_in"] == true })
    }

    @Test("A toolbox tap and closing the user tray are events too")
    func toolboxAndTrayTaps() async {
        let harness = AppBarHarness(promotions: .toolbox(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        for item in [AppBarItemID.toolbox, .userTray, .userTray] { bar.send(.tap(item)) }
        #expect(taps(harness.recorder) == ["toolbox→toolbox", "userTray→openUserTray", "userTray→closeUserTray"])
    }

    @Test("Tap events carry the brand and screen but no personal data")
    func noPersonalData() async throws {
        let harness = AppBarHarness(
            promotions: .toolbox(showsBadge: true),
            session: signedInSession(balance: 1234.5, pending: 6, promotions: 7))
        let bar = harness.bar(AppBarOptions(screen: "home"))
        bar.send(.tap(.balance))
        let event = try #require(harness.recorder.last)
        #expect(event.keys == ["brand", "item", "market", "outcome", "screen", "signed_in"])
        #expect(event["brand"] == "test-bar")
        #expect(event["screen"] == "home")
        #expect(!event.description.contains("1234") && !event.description.contains("Punter"))
    }

    @Test("Taps the bar ignores (not shown, or not tappable) record nothing")
    func ignoredTapsRecordNothing() async {
        let harness = AppBarHarness()
        let bar = harness.bar(AppBarOptions(showsSearch: false))
        for item in [AppBarItemID.balance, .logo, .spacer(1), .search] { bar.send(.tap(item)) }
        #expect(harness.recorder.count == 0)
    }
}
