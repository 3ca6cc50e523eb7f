import LiveryComposition

/// A world's faults: the plan the sandbox was started with (`--fault`,
/// `--latency`), overridden route by route by the world's latest seed.
struct FaultInjector: Sendable {
    private let base: FaultPlan
    private let faults: FaultSwitch

    init(plan: FaultPlan) {
        base = plan
        faults = FaultSwitch(plan)
    }

    /// Replaces the seeded faults (the start-up plan stays underneath).
    func seed(_ plan: FaultPlan) {
        faults.plan = base.overridden(by: plan)
    }

    /// The added latency of `route` for this request, and how it fails, if it does.
    func draw(_ route: ServiceRoute) -> (latency: Duration?, failure: FaultPlan.Outcome?) {
        faults.draw(route)
    }
}
