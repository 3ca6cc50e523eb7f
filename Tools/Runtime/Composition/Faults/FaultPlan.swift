import Foundation
import LiveryCore

/// Which calls fail, how, how often, and how much latency each adds — one
/// vocabulary for the sandbox's `--fault` option, the embedded world and
/// scenario files.
///
/// Forms (one per value), exactly as written here (``pattern`` says it as
/// a regular expression, which the published contract carries):
/// - `check-username=500@0.3`: answer HTTP 500 on 30 % of the calls (`@rate`
///   may be left out for "always"; a status of three digits, 400–599; a
///   rate from `0` to `1` with at most six decimals, `0.25`);
/// - `create-client=503@first`: fail only the first call of the route since
///   the plan was set, and answer every later one (a failure the app's
///   retry, or the person's, gets past);
/// - `create-client=timeout[@rate|@first]`: no answer in time; the service
///   does nothing (the embedded world answers after the client's time-out on
///   its virtual clock; the sandbox answers 504 at once);
/// - `address=latency 2s` (or `--latency address=2s`): wait before answering,
///   a number of `ms` or `s` with at most three decimals, up to 600 s. A
///   latency that reaches the app's time-out (ten seconds unless told)
///   means **the server did the work and the answer was lost**: the
///   embedded service carries the call out (a client is created and its
///   username taken) and the app's client sees a time-out.
///
/// Route names and words are lower case, with no spaces around `=` or `@`.
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

    /// A failure injected on a share of a route's calls, or on its first call only.
    public struct Failure: Sendable, Equatable {
        /// How the call fails.
        public var outcome: Outcome
        /// The share of calls that fail, 0…1.
        public var rate: Double
        /// Whether only the first call since the plan was set fails (`@first`); ``rate`` is 1 then.
        public var onlyFirst: Bool

        /// A failure of `rate` of the calls, or (`onlyFirst`) of the first call alone.
        public init(_ outcome: Outcome, rate: Double = 1, onlyFirst: Bool = false) {
            self.outcome = outcome
            self.rate = onlyFirst ? 1 : rate
            self.onlyFirst = onlyFirst
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
            "\(route)=\(failure.outcome)"
                + (failure.onlyFirst
                    ? "@\(Self.firstWord)" : failure.rate < 1 ? "@\(Self.text(ofRate: failure.rate))" : "")
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
            if spec.hasPrefix(latencyWord) {
                plan.latencies[route] = try duration(String(spec.dropFirst(latencyWord.count)), in: text)
                continue
            }
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let outcome: Outcome
            if parts[0] == "timeout" {
                outcome = .timeout
            } else {
                guard let status = Self.status(parts[0]) else {
                    throw FaultPlanError(
                        value: text,
                        problem: "'\(parts[0])' is not an HTTP error status (400–599), 'timeout' or 'latency <N>ms'")
                }
                outcome = .status(status)
            }
            var rate = 1.0
            if parts.count == 2, parts[1] == firstWord {
                plan.failures[route] = Failure(outcome, onlyFirst: true)
                continue
            }
            if parts.count == 2 {
                guard let parsed = Self.rate(parts[1]) else {
                    throw FaultPlanError(
                        value: text,
                        problem:
                            "the rate '\(parts[1])' is not a number from 0 to 1 with at most six decimals (0.25), or 'first'"
                    )
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

    /// Every fault value ``parse(faults:latencies:seed:)`` accepts, and no
    /// other, as a regular expression (the form the contract publishes).
    public static let pattern: String = {
        let routes = ServiceRoute.allCases.map(\.rawValue).joined(separator: "|")
        let rate = #"0(?:\.[0-9]{1,6})?|1(?:\.0{1,6})?"#
        let milliseconds = #"(?:[0-9]|[1-9][0-9]{1,4}|[1-5][0-9]{5})(?:\.[0-9]{1,3})?|600000(?:\.0{1,3})?"#
        let seconds = #"(?:[0-9]|[1-9][0-9]|[1-5][0-9]{2})(?:\.[0-9]{1,3})?|600(?:\.0{1,3})?"#
        return "^(?:\(routes))=(?:(?:[45][0-9]{2}|timeout)(?:@(?:\(rate)|\(firstWord)))?"
            + "|latency (?:(?:\(milliseconds))ms|(?:\(seconds))s))$"
    }()

    private static let latencyWord = "latency "
    private static let firstWord = "first"

    /// Whether the `draw`-th call of `route` (counting from 0 since the plan
    /// was set) fails, and how: the same answer for the same plan, route and
    /// count, wherever it is asked — one process or several sharing a count.
    public func failure(of route: ServiceRoute, draw: UInt64) -> Outcome? {
        guard let failure = failures[route] else { return nil }
        if failure.onlyFirst { return draw == 0 ? failure.outcome : nil }
        if failure.rate >= 1 { return failure.outcome }
        if failure.rate <= 0 { return nil }
        let stream = seed &+ UInt64(ServiceRoute.allCases.firstIndex(of: route) ?? 0)
        // The generator moves by a fixed step per number, so the n-th number is one step from n steps on.
        var generator = SeededGenerator(seed: stream &+ draw &* 0x9E37_79B9_7F4A_7C15)
        let value = Double(generator.next() >> 11) / Double(1 << 53)
        return value < failure.rate ? failure.outcome : nil
    }

    /// Whether which calls of `route` fail depends on how many came before:
    /// a share of them (by chance), or the first alone.
    public func dependsOnCount(_ route: ServiceRoute) -> Bool {
        failures[route].map { $0.onlyFirst || ($0.rate > 0 && $0.rate < 1) } ?? false
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
        guard parts.count == 2, !parts[1].isEmpty else {
            throw FaultPlanError(value: text, problem: "expected \(form)")
        }
        guard let route = ServiceRoute(rawValue: parts[0]) else {
            throw FaultPlanError(
                value: text,
                problem: "unknown route '\(parts[0])'; routes: "
                    + ServiceRoute.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return (route, parts[1])
    }

    /// A status of three digits, 400–599.
    private static func status(_ text: String) -> Int? {
        let digits = Array(text.utf8)
        guard digits.count == 3, digits.allSatisfy(isDigit), (UInt8(ascii: "4")...UInt8(ascii: "5")).contains(digits[0])
        else { return nil }
        return Int(text)
    }

    /// `0`, `1`, or either with up to six decimals, at most 1.
    private static func rate(_ text: String) -> Double? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0].elementsEqual("0".utf8) || parts[0].elementsEqual("1".utf8) else { return nil }
        if parts.count == 2 {
            guard (1...6).contains(parts[1].count), parts[1].allSatisfy(isDigit),
                parts[0].elementsEqual("0".utf8) || parts[1].allSatisfy({ $0 == UInt8(ascii: "0") })
            else { return nil }
        }
        return Double(text)
    }

    /// The longest latency: 600 s.
    private static let maximumLatency = Duration.seconds(600)

    /// `<N>ms` or `<N>s`: a whole number without leading zeros and up to three decimals, at most 600 s.
    private static func duration(_ spec: String, in text: String) throws(FaultPlanError) -> Duration {
        let unit = spec.hasSuffix("ms") ? "ms" : spec.hasSuffix("s") ? "s" : nil
        guard let unit else {
            throw FaultPlanError(value: text, problem: "the latency '\(spec)' needs a unit: ms or s (e.g. 200ms)")
        }
        let number = spec.dropLast(unit.count)
        let parts = number.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        guard !whole.isEmpty, whole.count <= 6, whole.allSatisfy(isDigit),
            whole.count == 1 || whole.first != UInt8(ascii: "0"),
            parts.count == 1 || ((1...3).contains(parts[1].count) && parts[1].allSatisfy(isDigit)),
            let duration = DurationText.parse(String(spec), maximum: maximumLatency)
        else {
            throw FaultPlanError(
                value: text,
                problem: "the latency '\(spec)' is not a number of ms or s from 0 to 600s with at most three decimals")
        }
        return duration
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// A rate as the forms write it: up to six decimals, no exponent.
    private static func text(ofRate rate: Double) -> String {
        var text = String(format: "%.6f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
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
