import AppBarFeature
import LiveryCore
import LiveryTesting
import Testing

@Suite("Locker and toolbox", .timeLimit(.minutes(1)))
struct LockerAndToolboxTests {
    @Test("Without the user tray open, the locker toggles at once")
    func lockerTogglesAtOnce() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        await bar.send(.tap(.locker))
        #expect(await bar.state.overlays.isLockerOpen)
        #expect(await bar.state.item(.locker)?.isActive == true)
        #expect(harness.clock.sleeperCount == 0)
        await bar.send(.tap(.locker))
        #expect(await bar.state.overlays.isLockerOpen == false)
    }

    @Test("Over an open user tray, the locker closes the tray and opens 300 ms later, not before")
    func lockerWaitsForTray() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        await bar.send(.tap(.userTray))
        #expect(await bar.state.overlays.isUserTrayOpen)

        await bar.send(.tap(.locker))
        let closing = await bar.state
        #expect(closing.overlays == AppBarOverlays(isUserTrayOpen: false, isLockerOpen: false, isLockerOpening: true))
        #expect(closing.item(.locker)?.isEnabled == false)

        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .milliseconds(299))
        #expect(harness.clock.sleeperCount == 1)
        #expect(await bar.state.overlays.isLockerOpen == false)

        harness.clock.advance(by: .milliseconds(1))
        await bar.settle()
        let open = await bar.state
        #expect(open.overlays == AppBarOverlays(isUserTrayOpen: false, isLockerOpen: true, isLockerOpening: false))
        #expect(open.item(.locker)?.isEnabled == true)
    }

    @Test("Re-opening the user tray during the delay cancels the locker")
    func trayCancelsPendingLocker() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        await bar.send(.tap(.userTray))
        await bar.send(.tap(.locker))
        await bar.send(.tap(.userTray))
        harness.clock.advance(by: .seconds(1))
        await bar.settle()
        let state = await bar.state
        #expect(state.overlays == AppBarOverlays(isUserTrayOpen: true, isLockerOpen: false, isLockerOpening: false))
    }

    @Test("The toolbox navigates to its screen, leaving the user tray as it is")
    func toolboxNavigates() async {
        let harness = AppBarHarness(promotions: .toolbox(showsBadge: false), session: signedInSession())
        let bar = harness.bar()
        await bar.send(.tap(.userTray))
        await bar.send(.tap(.toolbox))
        let state = await bar.state
        #expect(state.route == .toolbox)
        #expect(state.overlays == AppBarOverlays(isUserTrayOpen: true))
        #expect(harness.clock.sleeperCount == 0)
    }
}
