import Foundation

/// Which routes answer with an error, how often, and how much latency each adds.
///
/// Parsed from command-line forms: `check-username=500@0.3` (answer 500 on
/// 30 % of requests; `@rate` may be left out for "always") and
/// `address=200ms` (wait 200 ms before answering; `1.5s` also reads).
/// The random draws come from a generator seeded with ``seed``, so a run
/// with the same plan and the same requests fails the same requests.
public struct FaultPlan: Sendable, Equatable {
    /// An error answer injected on a share of a route's requests.
    public struct Failure: Sendable, Equatable {
        /// The HTTP status answered, 400–599.
        public var status: Int
        /// The share of requests that fail, 0…1.
        public var rate: Double

        /// A failure.
        public init(status: Int, rate: Double) {
            self.status = status
            self.rate = rate
        }
    }

    /// Injected failures by route.
    public var failures: [SandboxRoute: Failure]
    /// Added latency by route.
    public var latencies: [SandboxRoute: Duration]
    /// The seed of the generator that decides which requests fail.
    public var seed: UInt64

    /// A plan; empty by default (no faults).
    public init(failures: [SandboxRoute: Failure] = [:], latencies: [SandboxRoute: Duration] = [:], seed: UInt64 = 7) {
        self.failures = failures
        self.latencies = latencies
        self.seed = seed
    }

    /// Whether the plan injects nothing.
    public var isEmpty: Bool { failures.isEmpty && latencies.isEmpty }

    /// Parses `--fault` values (`<route>=<status>[@<rate>]`) and `--latency`
    /// values (`<route>=<N>ms` or `<route>=<N>s`).
    /// - Throws: ``FaultPlanError`` naming the value and the part that is wrong.
    public static func parse(faults: [String], latencies: [String], seed: UInt64 = 7) throws(FaultPlanError) -> FaultPlan {
        var plan = FaultPlan(seed: seed)
        for text in faults {
            let (route, spec) = try split(text, option: "--fault")
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let status = Int(parts[0]), (400...599).contains(status) else {
                throw FaultPlanError(value: text, problem: "the status '\(parts[0])' is not an HTTP error status (400–599)")
            }
            var rate = 1.0
            if parts.count == 2 {
                guard let parsed = Double(parts[1]), (0...1).contains(parsed) else {
                    throw FaultPlanError(value: text, problem: "the rate '\(parts[1])' is not a number from 0 to 1")
                }
                rate = parsed
            }
            plan.failures[route] = Failure(status: status, rate: rate)
        }
        for text in latencies {
            let (route, spec) = try split(text, option: "--latency")
            plan.latencies[route] = try duration(spec, in: text)
        }
        return plan
    }

    private static func split(_ text: String, option: String) throws(FaultPlanError) -> (SandboxRoute, String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else {
            let form = option == "--fault" ? "<route>=<status>@<rate>" : "<route>=<N>ms"
            throw FaultPlanError(value: text, problem: "expected \(form)")
        }
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        guard let route = SandboxRoute(rawValue: name) else {
            throw FaultPlanError(value: text, problem: "unknown route '\(parts[0])'; routes: "
                                 + SandboxRoute.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return (route, parts[1].trimmingCharacters(in: .whitespaces))
    }

    private static func duration(_ spec: String, in text: String) throws(FaultPlanError) -> Duration {
        let lowered = spec.lowercased()
        let number: Substring, scale: Double
        if lowered.hasSuffix("ms") {
            (number, scale) = (lowered.dropLast(2), 1)
        } else if lowered.hasSuffix("s") {
            (number, scale) = (lowered.dropLast(1), 1000)
        } else {
            throw FaultPlanError(value: text, problem: "the latency '\(spec)' needs a unit: ms or s (e.g. 200ms)")
        }
        guard let value = Double(number), value >= 0, value * scale <= 600_000 else {
            throw FaultPlanError(value: text, problem: "the latency '\(spec)' is not a duration from 0 to 600s")
        }
        return .milliseconds(Int64((value * scale).rounded()))
    }
}

/// A `--fault` or `--latency` value that does not parse.
public struct FaultPlanError: Error, Equatable, CustomStringConvertible {
    /// The value as given.
    public var value: String
    /// What is wrong with it.
    public var problem: String

    /// "'check-username=5xx': the status '5xx' is not …".
    public var description: String { "'\(value)': \(problem)" }
}
