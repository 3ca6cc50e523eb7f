/// The betslip counter's animation rule: a change that
/// happens while the bar is visible animates; changes while it is hidden do
/// not, and a bar that re-appears jumps to the current count, so a screen the
/// person returns to never plays a catch-up animation. Later changes animate.
struct BetslipCounterRule: Hashable, Sendable {
    /// What the head draws.
    private(set) var counter: BetslipCounter
    /// Whether the bar is visible; only then may a change animate.
    private(set) var isVisible = false

    /// A hidden counter at `count` (a new bar is not yet on screen).
    init(count: Int) {
        counter = BetslipCounter(value: count)
    }

    /// A new count from the betslip; the same count changes nothing.
    mutating func receive(_ count: Int) {
        guard count != counter.value else { return }
        counter = BetslipCounter(value: count, animatesChange: isVisible)
    }

    /// The bar appeared: jump to the current count; animate from now on.
    mutating func appear() {
        isVisible = true
        counter.animatesChange = false
    }

    /// The bar disappeared: changes until it re-appears do not animate.
    mutating func disappear() {
        isVisible = false
        counter.animatesChange = false
    }
}
