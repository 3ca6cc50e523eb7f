import AppBarFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import Testing

/// The Locker, driven on Ladbrokes's runtime as the composition root assembles it.
@Suite("Ladbrokes: the Locker", .timeLimit(.minutes(5)))
@MainActor
struct LadbrokesLockerTests {
    /// A Ladbrokes app bar for a client who starts signed in.
    private func signedInBar(promotions: Int = 0) async throws -> (EmbeddedWorld, AppBarStore) {
        let world = EmbeddedWorld(session: .signedIn(ClientDetails(balance: 10, promotionsBalance: promotions)))
        let bar = try await Composition([LadbrokesBrand.load()]).assemble("ladbrokes", on: .embedded(world)).runtime
            .appBar()
        return (world, bar)
    }

    @Test("tapped with the user tray open, the tray closes at once and the Locker opens 300 ms later, not before")
    func lockerAfterTray() async throws {
        let (world, bar) = try await signedInBar()
        bar.send(.tap(.userTray))
        bar.send(.tap(.locker))
        var overlays = bar.state.overlays
        #expect(!overlays.isUserTrayOpen && !overlays.isLockerOpen && overlays.isLockerOpening)

        await world.clock.advance(by: .milliseconds(299))
        await bar.settle()
        overlays = bar.state.overlays
        #expect(!overlays.isLockerOpen && overlays.isLockerOpening, "the Locker opened before 300 ms")

        await world.clock.advance(by: .milliseconds(1))
        await bar.settle()
        overlays = bar.state.overlays
        #expect(overlays.isLockerOpen && !overlays.isLockerOpening && !overlays.isUserTrayOpen)
    }

    @Test("with the tray closed the Locker opens at once")
    func lockerDirect() async throws {
        let (_, bar) = try await signedInBar()
        bar.send(.tap(.locker))
        #expect(bar.state.overlays.isLockerOpen)
    }

    @Test("the Locker carries the promotions-balance badge and pending bets use the pot icon")
    func badgeAndPot() async throws {
        let (_, bar) = try await signedInBar(promotions: 4)
        let state = bar.state
        #expect(state.item(.locker)?.badge?.count == 4)
        #expect(state.item(.toolbox) == nil)
        #expect(state.item(.pendingBets)?.iconAsset == "ladbrokes.icon.pot")
    }
}
