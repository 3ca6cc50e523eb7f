/// A ``Form`` together with the async work it asks for: it starts async
/// checks after their debounce on an injected clock, cancels a field's
/// pending check when its value changes, and makes a submission wait for
/// pending checks (a form never completes a submit while a check is pending).
///
/// Status changes are broadcast to every ``statusChanges()`` stream.
/// With a ``VirtualClock``, advance it past a debounce before awaiting
/// ``waitForPendingChecks()`` or ``submit()``: until then the check waits
/// for a clock nobody moves. A ``Form`` on its own runs no async check; see
/// <doc:FormSessions>.
public actor FormSession {
    /// The current form.
    public private(set) var form: Form
    private let clock: EngineClock
    private var running = AsyncCheckRunner()
    private let observers = Broadcast<FieldStatusChange>()

    /// A session over `form` whose debounces wait on `clock`.
    public init(_ form: Form, clock: EngineClock) {
        self.form = form
        self.clock = clock
    }

    /// A stream of every status change from now on.
    public func statusChanges() -> AsyncStream<FieldStatusChange> {
        observers.stream()
    }

    /// Stores a value; a pending check of the field's older value is cancelled.
    public func setValue<Value: Sendable>(_ value: Value, for key: FieldKey<Value>) {
        running.cancel(key.name)
        apply(form.setValue(value, for: key))
    }

    /// Tells the field `name` that it lost focus.
    public func leave(_ name: FieldName) {
        apply(form.leave(name))
    }

    /// Checks the named fields regardless of their triggers.
    public func validate(_ names: [FieldName]) {
        apply(form.validate(names))
    }

    /// Shows, hides, enables or disables a field.
    public func setAvailability(_ availability: FieldAvailability, for name: FieldName) {
        form.setAvailability(availability, for: name)
    }

    /// Places server errors on their fields.
    public func applyServerViolations(_ violations: [FieldName: [RuleViolation]]) {
        apply(form.applyServerViolations(violations))
    }

    /// Returns every field to its initial state and cancels every pending check.
    public func reset() {
        running.cancelAll()
        apply(form.reset())
    }

    /// Checks every field that takes part and was not checked for its current
    /// value, waits for every async check, and returns the typed values or the
    /// first error in form order.
    public func submit() async throws(FormSubmissionError) -> SubmittedValues {
        apply(form.validateUnchecked())
        while true {
            do {
                return try form.submission()
            } catch .pending(let names) {
                if running.isIdle { throw .pending(names) }
                await waitForPendingChecks()
            }
        }
    }

    /// Waits until every async check running now, and any it leads to, has answered.
    public func waitForPendingChecks() async {
        while let task = running.anyTask {
            await task.value
        }
    }

    private func apply(_ update: FormUpdate) {
        for change in update.statusChanges {
            observers.yield(change)
        }
        running.start(update.checks, on: clock) { outcome in
            await self.finish(outcome)
        }
    }

    private func finish(_ outcome: AsyncCheckOutcome) {
        running.finished(outcome)
        apply(form.complete(outcome))
    }

    deinit {
        running.cancelAll()
    }
}
