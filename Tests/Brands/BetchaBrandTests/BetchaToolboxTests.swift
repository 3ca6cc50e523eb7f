import AppBarFeature
import BetchaBrand
import LiveryComposition
import LiveryCore
import Testing

/// The Toolbox without a badge, driven on Betcha's runtime as the composition root assembles it.
@Suite("Betcha: the Toolbox without a badge", .timeLimit(.minutes(5)))
@MainActor
struct BetchaToolboxTests {
    /// A Betcha app bar for a client who starts signed in.
    private func signedInBar(promotions: Int) async throws -> AppBarStore {
        let world = EmbeddedWorld(
            session: .signedIn(
                ClientDetails(
                    balance: 10, pendingBetsCount: 2,
                    promotionsBalance: promotions)))
        return try await Composition([BetchaBrand.load()]).assemble("betcha", on: .embedded(world)).runtime.appBar()
    }

    @Test("the Toolbox shows no badge however many promotions wait, while pending bets still do")
    func noBadge() async throws {
        let state = try await signedInBar(promotions: 9).state
        #expect(state.isSignedIn)
        #expect(state.item(.toolbox) != nil)
        #expect(state.item(.toolbox)?.badge == nil)
        #expect(state.item(.pendingBets)?.badge?.count == 2)
    }

    @Test("tapping the Toolbox navigates to its screen")
    func navigates() async throws {
        let bar = try await signedInBar(promotions: 1)
        bar.send(.tap(.toolbox))
        #expect(bar.state.route == .toolbox)
    }

    @Test("pending bets keep the plain icon: Betcha has no pot icon")
    func noPot() async throws {
        #expect(try await signedInBar(promotions: 0).state.item(.pendingBets)?.iconAsset == "betcha.icon.pending")
    }
}
