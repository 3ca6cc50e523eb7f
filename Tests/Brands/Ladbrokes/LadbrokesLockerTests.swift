import AppBarFeature
import LiveryComposition
import LiveryCore
import Testing
import LadbrokesBrand

/// The Locker (SPEC B2, B3), driven on Ladbrokes's assembled runtime.
@Suite("Ladbrokes: the Locker", .timeLimit(.minutes(1)))
struct LadbrokesLockerTests {
    /// A signed-in Ladbrokes app bar, once it shows the session.
    private func signedInBar(promotions: Int = 0) async throws -> (HeadlessRuntime, AppBar) {
        let headless = try Composition([LadbrokesBrand()]).headless("ladbrokes")
        let bar = headless.appBar()
        headless.session.signIn(ClientDetails(balance: 10, promotionsBalance: promotions))
        while await !bar.state.isSignedIn { await Task.yield() }
        return (headless, bar)
    }

    @Test("tapped with the user tray open, the tray closes at once and the Locker opens 300 ms later, not before")
    func lockerAfterTray() async throws {
        let (headless, bar) = try await signedInBar()
        await bar.send(.tap(.userTray))
        await bar.send(.tap(.locker))
        var overlays = await bar.state.overlays
        #expect(!overlays.isUserTrayOpen && !overlays.isLockerOpen && overlays.isLockerOpening)

        headless.clock.advance(by: .milliseconds(299))
        await Task.yield()
        overlays = await bar.state.overlays
        #expect(!overlays.isLockerOpen, "the Locker opened before 300 ms")

        headless.clock.advance(by: .milliseconds(1))
        await bar.settle()
        overlays = await bar.state.overlays
        #expect(overlays.isLockerOpen && !overlays.isLockerOpening && !overlays.isUserTrayOpen)
    }

    @Test("with the tray closed the Locker opens at once")
    func lockerDirect() async throws {
        let (_, bar) = try await signedInBar()
        await bar.send(.tap(.locker))
        #expect(await bar.state.overlays.isLockerOpen)
    }

    @Test("the Locker carries the promotions-balance badge and pending bets use the pot icon")
    func badgeAndPot() async throws {
        let (_, bar) = try await signedInBar(promotions: 4)
        let state = await bar.state
        #expect(state.item(.locker)?.badge?.count == 4)
        #expect(state.item(.toolbox) == nil)
        #expect(state.item(.pendingBets)?.iconAsset == "ladbrokes.icon.pot")
    }
}
