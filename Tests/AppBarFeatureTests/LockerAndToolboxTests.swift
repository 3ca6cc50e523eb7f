import AppBarFeature
import LiveryCore
import LiveryTesting
import Testing

@Suite("Locker and toolbox", .timeLimit(.minutes(5)))
@MainActor
struct LockerAndToolboxTests {
    @Test("Without the user tray open, the locker toggles at once")
    func lockerTogglesAtOnce() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        bar.send(.tap(.locker))
        #expect(bar.state.overlays.isLockerOpen)
        #expect(bar.state.item(.locker)?.isActive == true)
        #expect(!bar.hasPendingWork, "no delayed opening was scheduled")
        bar.send(.tap(.locker))
        #expect(bar.state.overlays.isLockerOpen == false)
    }

    @Test("Over an open user tray, the locker closes the tray and opens 300 ms later, not before")
    func lockerWaitsForTray() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        bar.send(.tap(.userTray))
        #expect(bar.state.overlays.isUserTrayOpen)

        bar.send(.tap(.locker))
        let closing = bar.state
        #expect(closing.overlays == AppBarOverlays(isUserTrayOpen: false, isLockerOpen: false, isLockerOpening: true))
        #expect(closing.item(.locker)?.isEnabled == false)

        await harness.clock.advance(by: .milliseconds(299))
        await bar.settle()
        #expect(bar.hasPendingWork, "the opening still waits for its last millisecond")
        #expect(bar.state.overlays.isLockerOpen == false)

        await harness.clock.advance(by: .milliseconds(1))
        await bar.settle()
        let open = bar.state
        #expect(open.overlays == AppBarOverlays(isUserTrayOpen: false, isLockerOpen: true, isLockerOpening: false))
        #expect(open.item(.locker)?.isEnabled == true)
    }

    @Test("Re-opening the user tray during the delay cancels the locker")
    func trayCancelsPendingLocker() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        bar.send(.tap(.userTray))
        bar.send(.tap(.locker))
        bar.send(.tap(.userTray))
        await harness.clock.advance(by: .seconds(1))
        await bar.settle()
        let state = bar.state
        #expect(state.overlays == AppBarOverlays(isUserTrayOpen: true, isLockerOpen: false, isLockerOpening: false))
    }

    @Test("The toolbox navigates to its screen, leaving the user tray as it is")
    func toolboxNavigates() async {
        let harness = AppBarHarness(promotions: .toolbox(showsBadge: false), session: signedInSession())
        let bar = harness.bar()
        bar.send(.tap(.userTray))
        bar.send(.tap(.toolbox))
        let state = bar.state
        #expect(state.route == .toolbox)
        #expect(state.overlays == AppBarOverlays(isUserTrayOpen: true))
        #expect(!bar.hasPendingWork)
    }
}
