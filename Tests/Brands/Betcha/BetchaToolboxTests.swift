import AppBarFeature
import LiveryComposition
import LiveryCore
import Testing
import BetchaBrand

/// The Toolbox without a badge (SPEC B2, B7), driven on Betcha's assembled runtime.
@Suite("Betcha: the Toolbox without a badge", .timeLimit(.minutes(1)))
struct BetchaToolboxTests {
    private func signedInBar(promotions: Int) async throws -> AppBar {
        let headless = try Composition([BetchaBrand()]).headless("betcha")
        let bar = headless.appBar()
        headless.session.signIn(ClientDetails(balance: 10, pendingBetsCount: 2, promotionsBalance: promotions))
        while await !bar.state.isSignedIn { await Task.yield() }
        return bar
    }

    @Test("the Toolbox shows no badge however many promotions wait, while pending bets still do")
    func noBadge() async throws {
        let bar = try await signedInBar(promotions: 9)
        let state = await bar.state
        #expect(state.item(.toolbox) != nil)
        #expect(state.item(.toolbox)?.badge == nil)
        #expect(state.item(.pendingBets)?.badge?.count == 2)
    }

    @Test("tapping the Toolbox navigates to its screen")
    func navigates() async throws {
        let bar = try await signedInBar(promotions: 1)
        await bar.send(.tap(.toolbox))
        #expect(await bar.state.route == .toolbox)
    }

    @Test("pending bets keep the plain icon: Betcha has no pot icon")
    func noPot() async throws {
        let bar = try await signedInBar(promotions: 0)
        #expect(await bar.state.item(.pendingBets)?.iconAsset == "betcha.icon.pending")
    }
}
