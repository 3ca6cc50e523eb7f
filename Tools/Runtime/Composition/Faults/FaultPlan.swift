import Foundation
import LiveryCore

/// Which calls fail, how, how often, and how much latency each adds — one
/// vocabulary for the sandbox's `--fault` option, the embedded world and
/// scenario files.
///
/// Forms (one per value):
/// - `check-username=500@0.3`: answer HTTP 500 on 30 % of the calls (`@rate`
///   may be left out for "always"; statuses 400–599);
/// - `create-client=timeout[@rate]`: no answer in time (the embedded world
///   answers after the client's time-out on its virtual clock; the sandbox
///   answers 504 at once);
/// - `address=latency 2s` (or `--latency address=2s`): wait before answering
///   (`ms`, `s`; up to 600 s).
///
/// Draws come from a generator seeded with ``seed``, so the same plan and
/// the same calls fail the same calls.
public struct FaultPlan: Sendable, Equatable {
    /// How a failing call fails.
    public enum Outcome: Sendable, Equatable, CustomStringConvertible {
        /// An HTTP error status, 400–599.
        case status(Int)
        /// No answer before the client gives up.
        case timeout

        /// `500` or `timeout`.
        public var description: String {
            switch self {
            case .status(let status): "\(status)"
            case .timeout: "timeout"
            }
        }
    }

    /// A failure injected on a share of a route's calls.
    public struct Failure: Sendable, Equatable {
        /// How the call fails.
        public var outcome: Outcome
        /// The share of calls that fail, 0…1.
        public var rate: Double

        /// A failure.
        public init(_ outcome: Outcome, rate: Double = 1) {
            self.outcome = outcome
            self.rate = rate
        }
    }

    /// Injected failures by route.
    public var failures: [ServiceRoute: Failure]
    /// Added latency by route.
    public var latencies: [ServiceRoute: Duration]
    /// The seed of the generator that decides which calls fail.
    public var seed: UInt64

    /// A plan; empty by default (no faults).
    public init(failures: [ServiceRoute: Failure] = [:], latencies: [ServiceRoute: Duration] = [:], seed: UInt64 = 7) {
        self.failures = failures
        self.latencies = latencies
        self.seed = seed
    }

    /// Whether the plan injects nothing.
    public var isEmpty: Bool { failures.isEmpty && latencies.isEmpty }

    /// The routes the plan touches.
    public var routes: Set<ServiceRoute> { Set(failures.keys).union(latencies.keys) }

    /// The plan as the values it parses from, one per route and kind, sorted.
    public var specs: [String] {
        let failed = failures.map { route, failure in
            "\(route)=\(failure.outcome)" + (failure.rate < 1 ? "@\(failure.rate)" : "")
        }
        let slowed = latencies.map { route, latency in "\(route)=latency \(Self.text(of: latency))" }
        return (failed + slowed).sorted()
    }

    /// Parses fault values (any of the forms above) and `--latency` values
    /// (`<route>=<N>ms` or `<route>=<N>s`).
    /// - Throws: ``FaultPlanError`` naming the value and the part that is wrong.
    public static func parse(faults: [String], latencies: [String] = [], seed: UInt64 = 7) throws(FaultPlanError)
        -> FaultPlan
    {
        var plan = FaultPlan(seed: seed)
        for text in faults {
            let (route, spec) = try split(
                text, form: "<route>=<status>@<rate>, <route>=timeout or <route>=latency <N>ms")
            if spec.lowercased().hasPrefix("latency") {
                let amount = spec.dropFirst("latency".count).trimmingCharacters(in: .whitespaces)
                plan.latencies[route] = try duration(amount, in: text)
                continue
            }
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let outcome: Outcome
            if parts[0].lowercased() == "timeout" {
                outcome = .timeout
            } else {
                guard let status = Int(parts[0]), (400...599).contains(status) else {
                    throw FaultPlanError(
                        value: text,
                        problem: "'\(parts[0])' is not an HTTP error status (400–599), 'timeout' or 'latency <N>ms'")
                }
                outcome = .status(status)
            }
            var rate = 1.0
            if parts.count == 2 {
                guard let parsed = Double(parts[1]), (0...1).contains(parsed) else {
                    throw FaultPlanError(value: text, problem: "the rate '\(parts[1])' is not a number from 0 to 1")
                }
                rate = parsed
            }
            plan.failures[route] = Failure(outcome, rate: rate)
        }
        for text in latencies {
            let (route, spec) = try split(text, form: "<route>=<N>ms")
            plan.latencies[route] = try duration(spec, in: text)
        }
        return plan
    }

    /// Whether the `draw`-th call of `route` (counting from 0 since the plan
    /// was set) fails, and how: the same answer for the same plan, route and
    /// count, wherever it is asked — one process or several sharing a count.
    public func failure(of route: ServiceRoute, draw: UInt64) -> Outcome? {
        guard let failure = failures[route] else { return nil }
        if failure.rate >= 1 { return failure.outcome }
        if failure.rate <= 0 { return nil }
        let stream = seed &+ UInt64(ServiceRoute.allCases.firstIndex(of: route) ?? 0)
        // The generator moves by a fixed step per number, so the n-th number is one step from n steps on.
        var generator = SeededGenerator(seed: stream &+ draw &* 0x9E37_79B9_7F4A_7C15)
        let value = Double(generator.next() >> 11) / Double(1 << 53)
        return value < failure.rate ? failure.outcome : nil
    }

    /// Whether calls of `route` fail only some of the time, so which ones depends on a count of calls.
    public func failsByChance(_ route: ServiceRoute) -> Bool {
        failures[route].map { $0.rate > 0 && $0.rate < 1 } ?? false
    }

    /// This plan with `other`'s faults on the routes `other` touches.
    public func overridden(by other: FaultPlan) -> FaultPlan {
        var merged = self
        for route in other.routes {
            merged.failures[route] = other.failures[route]
            merged.latencies[route] = other.latencies[route]
        }
        return merged
    }

    private static func split(_ text: String, form: String) throws(FaultPlanError) -> (ServiceRoute, String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FaultPlanError(value: text, problem: "expected \(form)")
        }
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        guard let route = ServiceRoute(rawValue: name) else {
            throw FaultPlanError(
                value: text,
                problem: "unknown route '\(parts[0])'; routes: "
                    + ServiceRoute.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return (route, parts[1].trimmingCharacters(in: .whitespaces))
    }

    private static func duration(_ spec: String, in text: String) throws(FaultPlanError) -> Duration {
        let lowered = spec.lowercased()
        guard DurationText.units.contains(where: { lowered.hasSuffix($0.suffix) }) else {
            throw FaultPlanError(value: text, problem: "the latency '\(spec)' needs a unit: ms or s (e.g. 200ms)")
        }
        guard let duration = DurationText.parse(spec, maximum: .seconds(600)) else {
            throw FaultPlanError(value: text, problem: "the latency '\(spec)' is not a duration from 0 to 600s")
        }
        return duration
    }

    private static func text(of duration: Duration) -> String {
        let milliseconds = DurationText.wholeMilliseconds(duration)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}

/// A fault value that does not parse.
public struct FaultPlanError: Error, Equatable, CustomStringConvertible {
    /// The value as given.
    public var value: String
    /// What is wrong with it.
    public var problem: String

    /// A problem with `value`.
    public init(value: String, problem: String) {
        self.value = value
        self.problem = problem
    }

    /// "'check-username=5xx': '5xx' is not …".
    public var description: String { "'\(value)': \(problem)" }
}

/// Decides, call by call, what a ``FaultPlan`` does to each route: draws are
/// taken in call order per route from a generator seeded by the plan, so the
/// same plan and calls fail the same calls. The plan can be replaced while
/// calls run (a scenario step, a sandbox seed); replacing it restarts the draws.
public final class FaultSwitch: Sendable {
    private struct State {
        var plan: FaultPlan
        var draws: [ServiceRoute: UInt64] = [:]
    }

    private let state: Locked<State>

    /// A switch starting with `plan`.
    public init(_ plan: FaultPlan = FaultPlan()) {
        state = Locked(State(plan: plan))
    }

    /// The plan in force.
    public var plan: FaultPlan {
        get { state.withLock { $0.plan } }
        set { state.withLock { $0 = State(plan: newValue) } }
    }

    /// What the next call of `route` meets: its added latency and, when this
    /// call is one that fails, how it fails.
    public func draw(_ route: ServiceRoute) -> (latency: Duration?, failure: FaultPlan.Outcome?) {
        state.withLock { state in
            let draw = state.draws[route, default: 0]
            state.draws[route] = draw + 1
            return (state.plan.latencies[route], state.plan.failure(of: route, draw: draw))
        }
    }
}
