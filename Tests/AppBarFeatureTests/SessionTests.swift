import AppBarFeature
import Foundation
import LiveryCore
import Testing

@Suite("App bar data flow", .timeLimit(.minutes(5)))
@MainActor
struct SessionTests {
    @Test("Signing in switches a bar on screen to the signed-in layout")
    func signIn() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true))
        let bar = harness.bar()
        harness.client.signIn(ClientDetails(balance: 10, promotionsBalance: 1))
        let state = await bar.settledState { $0.isSignedIn }
        #expect(state.rightIDs == [.search, .locker, .balance, .pendingBets, .betslip])
        #expect(state.balance == 10)
        #expect(state.badge(.locker) == 1)
    }

    @Test("Signing out returns to the signed-out layout and closes the user tray and locker")
    func signOut() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        bar.send(.tap(.userTray))
        bar.send(.tap(.locker))
        harness.client.signOut()
        let state = await bar.settledState { !$0.isSignedIn }
        #expect(state.rightIDs == [.search, .login, .join, .betslip])
        #expect(state.layout.left.isEmpty)
        #expect(state.overlays == AppBarOverlays())
    }

    @Test("A balance change shows on the balance pill")
    func balanceUpdate() async {
        let harness = AppBarHarness(session: signedInSession(balance: 25))
        let bar = harness.bar()
        harness.client.update { $0.balance = 12.34 }
        let state = await bar.settledState { $0.balance.map { $0 != 25 } ?? false }
        #expect(state.balance == Decimal(string: "12.34"))
    }

    @Test("Promotions and pending-bets badges follow their counts and hide at zero")
    func badgeUpdates() async {
        let harness = AppBarHarness(promotions: .toolbox(showsBadge: true), session: signedInSession())
        let bar = harness.bar()
        #expect(bar.state.badge(.toolbox) == nil)
        harness.client.update {
            $0.promotionsBalance = 4
            $0.pendingBetsCount = 2
        }
        let shown = await bar.settledState { $0.badge(.toolbox) != nil }
        #expect(shown.badge(.toolbox) == 4)
        #expect(shown.badge(.pendingBets) == 2)
        harness.client.update {
            $0.promotionsBalance = 0
            $0.pendingBetsCount = 0
        }
        let hidden = await bar.settledState { $0.badge(.toolbox) == nil }
        #expect(hidden.badge(.pendingBets) == nil)
    }

    @Test("A new app bar starts from the latest data, with no placeholder first state")
    func newBarStartsFromLatest() async {
        let harness = AppBarHarness(promotions: .locker(showsBadge: true))
        let first = harness.bar()
        harness.client.signIn(ClientDetails(balance: 99, pendingBetsCount: 3, promotionsBalance: 5))
        harness.betslip.set(7)
        _ = await first.settledState { $0.betslipCounter?.value == 7 && $0.isSignedIn }

        // The new screen's bar reads the shared sources; their streams stay
        // silent here, so only the synchronously read latest data can show.
        var services = harness.runtime.services
        services.clientDetails = LatestOnly(client: harness.client, betslip: harness.betslip)
        services.betslipCount = LatestOnly(client: harness.client, betslip: harness.betslip)
        let initial = Runtime(brand: harness.runtime.brand, services: services).appBar().state
        #expect(initial.isSignedIn)
        #expect(initial.balance == 99)
        #expect(initial.badge(.pendingBets) == 3)
        #expect(initial.badge(.locker) == 5)
        #expect(initial.betslipCounter == BetslipCounter(value: 7, animatesChange: false))
    }
}

/// Shared sources whose update streams never yield: what a reader sees comes
/// from the latest values alone.
private struct LatestOnly: ClientDetailsSource, BetslipCountSource {
    let client: EmbeddedClientDetails
    let betslip: EmbeddedBetslipCount

    var latest: ClientSession { client.latest }
    var latestCount: Int { betslip.latestCount }
    func sessions() -> AsyncStream<ClientSession> { AsyncStream { _ in } }
    func counts() -> AsyncStream<Int> { AsyncStream { _ in } }
}
