import AppBarFeature
import LiveryCore
import Testing

@Suite("Betslip counter animation", .timeLimit(.minutes(5)))
@MainActor
struct BetslipCounterTests {
    @Test("A change while the bar is visible animates")
    func visibleChangeAnimates() async {
        let harness = AppBarHarness(betslipCount: 1)
        let bar = harness.bar()
        bar.send(.appeared)
        harness.betslip.set(2)
        let state = await bar.settledState { $0.betslipCounter?.value == 2 }
        #expect(state.betslipCounter?.animatesChange == true)
    }

    @Test("On re-appearing the counter jumps to changes made meanwhile, then animates later ones")
    func reappearJumpsThenAnimates() async {
        let harness = AppBarHarness(betslipCount: 1)
        let bar = harness.bar()
        bar.send(.appeared)
        bar.send(.disappeared)
        harness.betslip.set(3)
        let hidden = await bar.settledState { $0.betslipCounter?.value == 3 }
        #expect(hidden.betslipCounter?.animatesChange == false)

        bar.send(.appeared)
        #expect(bar.state.betslipCounter == BetslipCounter(value: 3, animatesChange: false))

        harness.betslip.set(4)
        let later = await bar.settledState { $0.betslipCounter?.value == 4 }
        #expect(later.betslipCounter?.animatesChange == true)
    }

    @Test("An appearance always jumps to the current count, even one the head reports twice")
    func appearanceJumps() async {
        let harness = AppBarHarness(betslipCount: 1)
        let bar = harness.bar()
        bar.send(.appeared)
        harness.betslip.set(2)
        _ = await bar.settledState { $0.betslipCounter?.animatesChange == true }
        bar.send(.appeared)
        #expect(bar.state.betslipCounter == BetslipCounter(value: 2, animatesChange: false))
    }
}
