import Foundation

/// A pending async check of one field's value, ready to run.
///
/// A check captures the value it checks and the field's generation at the
/// time. Whoever runs it (``FormSession``, or a feature engine) hands the
/// outcome back to the form, which ignores it if the field has changed since.
public struct AsyncCheck: Sendable {
    /// The field being checked.
    public let field: FieldName
    /// The field's generation when the check was created.
    public let generation: UInt64
    /// How long to wait before running the rules.
    public let debounce: Duration
    private let body: @Sendable () async -> AsyncCheckResult

    init<Value: Sendable>(
        field: FieldName, generation: UInt64, debounce: Duration, value: Value,
        rules: [any AsyncValidationRule<Value>]
    ) {
        self.field = field
        self.generation = generation
        self.debounce = debounce
        self.body = {
            var violations: [RuleViolation] = []
            for rule in rules {
                if Task.isCancelled { return .cancelled }
                do {
                    if let violation = try await rule.check(value) { violations.append(violation) }
                } catch is CancellationError {
                    return .cancelled
                } catch {
                    return .failed(FieldFailure(reason: AsyncCheck.describe(error)))
                }
            }
            return Task.isCancelled ? .cancelled : .completed(violations)
        }
    }

    /// Waits until `deadline` on `clock` (an elapsed time taken when the check
    /// was scheduled, normally `clock.deadline(after: debounce)`), then runs
    /// the rules. Cancelling the task yields a ``AsyncCheckResult/cancelled`` outcome.
    public func run(on clock: EngineClock, until deadline: Duration) async -> AsyncCheckOutcome {
        do {
            try await clock.sleep(until: deadline)
        } catch {
            return AsyncCheckOutcome(field: field, generation: generation, result: .cancelled)
        }
        return AsyncCheckOutcome(field: field, generation: generation, result: await body())
    }

    /// Runs the rules now (the caller has waited for the debounce).
    /// Cancelling the task yields a ``AsyncCheckResult/cancelled`` outcome.
    public func perform() async -> AsyncCheckOutcome {
        AsyncCheckOutcome(field: field, generation: generation, result: await body())
    }

    private static func describe(_ error: any Error) -> String {
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return String(describing: error)
    }
}

/// The answer of an ``AsyncCheck``, addressed to the field and generation it checked.
public struct AsyncCheckOutcome: Sendable, Equatable {
    /// The field that was checked.
    public let field: FieldName
    /// The generation of the value that was checked.
    public let generation: UInt64
    /// What the check found.
    public let result: AsyncCheckResult

    /// The `result` of check `generation` of `field`: a result of an older generation is dropped.
    public init(field: FieldName, generation: UInt64, result: AsyncCheckResult) {
        self.field = field
        self.generation = generation
        self.result = result
    }
}

/// What an async check found.
public enum AsyncCheckResult: Sendable, Equatable {
    /// The rules ran; these were broken (empty when the value passed).
    case completed([RuleViolation])
    /// A rule could not run.
    case failed(FieldFailure)
    /// The check was abandoned before it finished.
    case cancelled
}
