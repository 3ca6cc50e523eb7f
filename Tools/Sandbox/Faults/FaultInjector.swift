import LiveryComposition

/// Applies the sandbox's faults to requests: the plan it was started with
/// (`--fault`, `--latency`), overridden route by route by the latest seed.
/// It waits the route's added latency, then says how the request fails, if it does.
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

    /// Waits the added latency of `route`, then the outcome if this request is one that fails, or `nil`.
    func apply(to route: ServiceRoute) async throws -> FaultPlan.Outcome? {
        let (latency, failure) = faults.draw(route)
        if let latency { try await Task.sleep(for: latency) }
        return failure
    }
}
