/// How one scenario went: each step's outcome and, if it failed, where and why.
public struct ScenarioResult: Sendable, Codable {
    /// The scenario's title.
    public let name: String
    /// Its file.
    public let file: String
    /// Every step, in order (steps after a failure are skipped).
    public let steps: [StepResult]
    /// Why it failed, or `nil` when every step passed.
    public let failure: ScenarioFailure?
    /// Wall time taken, in milliseconds.
    public let elapsedMilliseconds: Double

    /// Whether every step passed.
    public let passed: Bool

    /// What the run reached (for coverage); not part of the JSON of one scenario.
    public let reach: Reach

    init(
        name: String, file: String, steps: [StepResult], failure: ScenarioFailure?, elapsedMilliseconds: Double,
        reach: Reach = Reach()
    ) {
        self.name = name
        self.file = file
        self.steps = steps
        self.failure = failure
        self.elapsedMilliseconds = elapsedMilliseconds
        self.reach = reach
        passed = failure == nil
    }

    /// What the run saw, timings and actions left out: each expect step's
    /// line and outcome with what its checks saw, then where it failed and
    /// why. Two runs of one journey whose waits are cut differently see the
    /// same, as do a run in process and one against a server.
    public var observations: [String] {
        steps.compactMap { step in step.seen.map { "\(step.line) \(step.outcome): " + $0.joined(separator: " · ") } }
            + (failure.map { failure in
                ["failed at \(failure.line)"]
                    + failure.mismatches.map { "\($0.check): expected \($0.expected), got \($0.actual)" }
            } ?? [])
    }

    private enum CodingKeys: String, CodingKey {
        case name, file, steps, failure, elapsedMilliseconds, passed
    }

    /// Reads a result written as JSON (without what it reached).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        file = try container.decode(String.self, forKey: .file)
        steps = try container.decode([StepResult].self, forKey: .steps)
        failure = try container.decodeIfPresent(ScenarioFailure.self, forKey: .failure)
        elapsedMilliseconds = try container.decode(Double.self, forKey: .elapsedMilliseconds)
        passed = try container.decode(Bool.self, forKey: .passed)
        reach = Reach()
    }
}

/// One step's outcome.
public struct StepResult: Sendable, Codable {
    /// Passed, failed, or not run because an earlier step failed.
    public enum Outcome: String, Sendable, Codable {
        /// The action ran, or every expectation held.
        case passed
        /// An expectation did not hold (or an action could not be done).
        case failed
        /// Not run.
        case skipped
    }

    /// The step's 1-based line.
    public let line: Int
    /// The step as the transcript shows it (passwords masked).
    public let step: String
    /// What happened.
    public let outcome: Outcome
    /// For an expect step that ran, what each of its checks saw, as
    /// `label: actual` in the order written (passing checks too); `nil`
    /// for an action.
    public let seen: [String]?

    init(line: Int, step: String, outcome: Outcome, seen: [String]? = nil) {
        self.line = line
        self.step = step
        self.outcome = outcome
        self.seen = seen
    }
}

/// Where and why a scenario failed.
public struct ScenarioFailure: Sendable, Codable, CustomStringConvertible {
    /// The scenario's title.
    public let scenario: String
    /// The scenario file's path, as given to the run.
    public let file: String
    /// The failing step's line.
    public let line: Int
    /// The failing step.
    public let step: String
    /// Each expectation that did not hold.
    public let mismatches: [Mismatch]

    /// A report for people: the scenario, the step with its place, expected against actual.
    public var description: String {
        var lines = ["scenario '\(scenario)' failed at \(file):\(line)", "  step: \(step)"]
        for mismatch in mismatches {
            lines.append("  \(mismatch.check): expected \(mismatch.expected), got \(mismatch.actual)")
        }
        return lines.joined(separator: "\n")
    }
}

/// One expectation that did not hold.
public struct Mismatch: Sendable, Codable, Hashable {
    /// What was looked at, e.g. `field email status`.
    public let check: String
    /// What the scenario expected.
    public let expected: String
    /// What the engines showed.
    public let actual: String

    /// A mismatch.
    public init(check: String, expected: String, actual: String) {
        self.check = check
        self.expected = expected
        self.actual = actual
    }
}
