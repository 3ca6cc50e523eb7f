import AppBarFeature
import LiveryComposition
import LiveryCore
import NedsBrand
import Testing

/// The Toolbox with its badge, driven on Neds's runtime as the composition root assembles it.
@Suite("Neds: the Toolbox", .timeLimit(.minutes(5)))
@MainActor
struct NedsToolboxTests {
    /// A signed-in Neds app bar, settled on the session.
    private func signedInBar(promotions: Int) async throws -> (EmbeddedWorld, AppBarStore) {
        let world = EmbeddedWorld()
        let bar = try await Composition([NedsBrand.load()]).assemble("neds", on: .embedded(world)).runtime.appBar()
        world.session.signIn(ClientDetails(balance: 10, promotionsBalance: promotions))
        await bar.settle()
        return (world, bar)
    }

    @Test("the Toolbox shows the waiting promotions as a badge, and follows updates")
    func badge() async throws {
        let (world, bar) = try await signedInBar(promotions: 3)
        #expect(bar.state.item(.toolbox)?.badge?.count == 3)
        #expect(bar.state.item(.locker) == nil)
        world.session.update { $0.promotionsBalance = 0 }
        await bar.settle()
        #expect(bar.state.item(.toolbox)?.badge == nil)
    }

    @Test("tapping the Toolbox navigates to its screen rather than opening an overlay")
    func navigates() async throws {
        let (world, bar) = try await signedInBar(promotions: 1)
        bar.send(.tap(.toolbox))
        let state = bar.state
        #expect(state.route == .toolbox)
        #expect(!state.overlays.isLockerOpen && !state.overlays.isUserTrayOpen)
        #expect(world.analytics.last?["outcome"] == "toolbox")
    }

    @Test("pending bets use Neds's pot icon")
    func pot() async throws {
        let (_, bar) = try await signedInBar(promotions: 0)
        #expect(bar.state.item(.pendingBets)?.iconAsset == "neds.icon.pot")
    }
}
