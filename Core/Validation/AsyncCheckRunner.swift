/// Runs the ``AsyncCheck``s a ``Form`` asks for, one task per field: a new
/// check of a field cancels the one still running for it, and each outcome is
/// handed to `deliver` (normally: apply it to the form with ``Form/complete(_:)``,
/// which ignores an outcome for an older value). A cancelled check counts as
/// running until it returns, so waiting for the running checks leaves none behind.
///
/// It is the scheduling part of ``FormSession``, as a value, so that a
/// feature engine that owns its form (an actor) can run checks the same way.
/// Deadlines are taken when a check is started, so a test may advance a
/// ``VirtualClock`` right after the intent that started it.
public struct AsyncCheckRunner: Sendable {
    private struct Running {
        let generation: UInt64
        let task: Task<Void, Never>
    }

    private var running: [FieldName: Running] = [:]
    /// Cancelled checks that have not returned yet, by field and generation.
    private var draining: [Pending: Task<Void, Never>] = [:]

    private struct Pending: Hashable {
        let field: FieldName
        let generation: UInt64
    }

    /// A runner with nothing running.
    public init() {}

    /// Starts `checks` after their debounce on `clock`; each outcome goes to `deliver`.
    public mutating func start(
        _ checks: [AsyncCheck], on clock: EngineClock,
        deliver: @escaping @Sendable (AsyncCheckOutcome) async -> Void
    ) {
        for check in checks {
            cancel(check.field)
            let deadline = clock.deadline(after: check.debounce)
            let task = Task {
                await deliver(await check.run(on: clock, until: deadline))
            }
            running[check.field] = Running(generation: check.generation, task: task)
        }
    }

    /// Forgets the check that produced `outcome`.
    public mutating func finished(_ outcome: AsyncCheckOutcome) {
        if running[outcome.field]?.generation == outcome.generation {
            running.removeValue(forKey: outcome.field)
        } else {
            draining.removeValue(forKey: Pending(field: outcome.field, generation: outcome.generation))
        }
    }

    /// Cancels the check running for `field`, if any.
    public mutating func cancel(_ field: FieldName) {
        guard let check = running.removeValue(forKey: field) else { return }
        check.task.cancel()
        draining[Pending(field: field, generation: check.generation)] = check.task
    }

    /// Cancels every running check.
    public mutating func cancelAll() {
        for field in Array(running.keys) { cancel(field) }
    }

    /// Whether no check is running (cancelled ones included).
    public var isIdle: Bool { running.isEmpty && draining.isEmpty }

    /// The task of the check running for `field`, to await its outcome.
    public func task(for field: FieldName) -> Task<Void, Never>? { running[field]?.task }

    /// The task of some running check (a cancelled one still returning
    /// included), or `nil` when none is running.
    public var anyTask: Task<Void, Never>? { running.values.first?.task ?? draining.values.first }
}
