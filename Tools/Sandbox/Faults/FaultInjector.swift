/// Applies a ``FaultPlan`` to requests: waits the route's added latency,
/// then decides with a seeded generator whether the request fails.
///
/// Draws are taken in request order for each route, so the same plan
/// against the same sequence of requests fails the same ones.
actor FaultInjector {
    private let plan: FaultPlan
    private var generators: [SandboxRoute: SplitMix64] = [:]

    init(plan: FaultPlan) {
        self.plan = plan
    }

    /// Waits the added latency of `route`, then answers the injected
    /// status if this request is one that fails, or `nil`.
    nonisolated func apply(to route: SandboxRoute) async throws -> Int? {
        if let latency = plan.latencies[route] { try await Task.sleep(for: latency) }
        guard let failure = plan.failures[route] else { return nil }
        return await draw(route) < failure.rate ? failure.status : nil
    }

    private func draw(_ route: SandboxRoute) -> Double {
        var generator = generators[route] ?? SplitMix64(seed: plan.seed &+ UInt64(SandboxRoute.allCases.firstIndex(of: route) ?? 0))
        let value = Double(generator.next() >> 11) / Double(1 << 53)
        generators[route] = generator
        return value
    }
}

/// A small, fast, seedable generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
