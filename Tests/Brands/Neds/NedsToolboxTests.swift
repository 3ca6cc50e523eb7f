import AppBarFeature
import LiveryComposition
import LiveryCore
import Testing
import NedsBrand

/// The Toolbox with its badge (SPEC B2, B3, B7), driven on Neds's assembled runtime.
@Suite("Neds: the Toolbox", .timeLimit(.minutes(1)))
struct NedsToolboxTests {
    private func signedInBar(promotions: Int) async throws -> (HeadlessRuntime, AppBar) {
        let headless = try Composition([NedsBrand()]).headless("neds")
        let bar = headless.appBar()
        headless.session.signIn(ClientDetails(balance: 10, promotionsBalance: promotions))
        while await !bar.state.isSignedIn { await Task.yield() }
        return (headless, bar)
    }

    @Test("the Toolbox shows the waiting promotions as a badge, and follows updates")
    func badge() async throws {
        let (headless, bar) = try await signedInBar(promotions: 3)
        #expect(await bar.state.item(.toolbox)?.badge?.count == 3)
        #expect(await bar.state.item(.locker) == nil)
        headless.session.update { $0.promotionsBalance = 0 }
        while await bar.state.item(.toolbox)?.badge != nil { await Task.yield() }
        #expect(await bar.state.item(.toolbox)?.badge == nil)
    }

    @Test("tapping the Toolbox navigates to its screen rather than opening an overlay")
    func navigates() async throws {
        let (headless, bar) = try await signedInBar(promotions: 1)
        await bar.send(.tap(.toolbox))
        let state = await bar.state
        #expect(state.route == .toolbox)
        #expect(!state.overlays.isLockerOpen && !state.overlays.isUserTrayOpen)
        #expect(headless.analytics.last?["outcome"] == "toolbox")
    }

    @Test("pending bets use Neds's pot icon")
    func pot() async throws {
        let (_, bar) = try await signedInBar(promotions: 0)
        #expect(await bar.state.item(.pendingBets)?.iconAsset == "neds.icon.pot")
    }
}
