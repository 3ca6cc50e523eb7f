/// An ordered set of typed fields validated together: one field, a group
/// (such as a page) or all of them, and submitted as typed values.
///
/// The order of fields is the order of ``names``; it decides which error a
/// submission reports first. A form is a value: every mutating method returns
/// a ``FormUpdate`` listing the status changes it caused (for observers) and
/// the async checks to start. Hidden and disabled fields are neither
/// validated nor submitted.
///
/// A form holds no services and no clock of its own making: rules that need
/// today (a minimum age without its own clock) read ``wallClock``, so one
/// form, made once, can be copied into every runtime and given each its clock.
public struct Form: Sendable {
    private var fields: [any ErasedField]
    // Kept beside `fields` so that hot paths read them without opening a field.
    private var availabilities: [FieldAvailability]
    private let readsOtherFields: [Bool]
    private let positions: FieldPositions
    /// For each field, the positions of the fields whose rules read it.
    private let dependents: [[Int]]

    /// The field names in form order.
    public let names: [FieldName]

    /// The clock rules read today from when the form checks a field (`nil`:
    /// such rules use their own clock, or the system's).
    public var wallClock: WallClock? {
        didSet { ownContext = ValidationContext(wallClock: wallClock) }
    }
    /// The context of a field that reads no other field: made when the clock is set, not on every check.
    private var ownContext = ValidationContext.standalone

    /// A form of `fields` in the given order.
    /// - Throws: ``FormDefinitionError/duplicateField(_:)`` when two fields share a name.
    public init(_ fields: [AnyFormField]) throws(FormDefinitionError) {
        var positions: [FieldName: Int] = [:]
        for (index, field) in fields.enumerated() {
            guard positions.updateValue(index, forKey: field.name) == nil else {
                throw .duplicateField(field.name)
            }
        }
        var dependents: [[Int]] = Array(repeating: [], count: fields.count)
        for (index, field) in fields.enumerated() {
            for dependency in field.base.dependencies.sorted() {
                guard let read = positions[dependency] else { throw .unknownDependency(field.name, dependency) }
                dependents[read].append(index)
            }
        }
        self.fields = fields.map(\.base)
        self.availabilities = fields.map(\.base.availability)
        self.readsOtherFields = fields.map { !$0.base.dependencies.isEmpty }
        self.names = fields.map(\.name)
        self.positions = FieldPositions(names)
        self.dependents = dependents
    }

    /// A form of typed fields in the given order.
    /// - Throws: ``FormDefinitionError`` when two fields share a name or a rule reads a missing field.
    public init<each Value: Sendable>(_ field: repeat FormField<each Value>) throws(FormDefinitionError) {
        var list: [AnyFormField] = []
        for field in repeat each field { list.append(AnyFormField(field)) }
        try self.init(list)
    }

    /// The field `key`, or `nil` when the form has no field of that name and type.
    public func field<Value: Sendable>(_ key: FieldKey<Value>) -> FormField<Value>? {
        guard let index = positions[key.name] else { return nil }
        return fields[index].typed(as: Value.self)
    }

    /// The value of the field `key` as entered (before its transform), or
    /// `nil` when the form has no field of that name and type.
    public func enteredValue<Value: Sendable>(of key: FieldKey<Value>) -> Value? {
        guard let index = positions[key.name] else { return nil }
        return fields[index].enteredValue as? Value
    }

    /// The position of the field `name` in ``names``, or `nil` when there is
    /// no such field: for heads that read many fields on every change, the
    /// positional reads below skip looking the name up each time.
    public func position(of name: FieldName) -> Int? { positions[name] }

    /// The status of the field at `position` in ``names``.
    public func status(at position: Int) -> FieldStatus { fields[position].status }

    /// Whether the field at `position` in ``names`` is waiting for an async check.
    public func isValidating(at position: Int) -> Bool { fields[position].isValidating }

    /// The value of the field at `position` in ``names`` as entered, or `nil`
    /// when it does not hold a `Value`.
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    public func enteredValue<Value: Sendable>(at position: Int, as type: Value.Type) -> Value? {
        if Value.self == String.self, let text = fields[position].enteredText { return text as? Value }
        return fields[position].enteredValue as? Value
    }

    /// The status of the field `name`, or `nil` when there is no such field.
    public func status(of name: FieldName) -> FieldStatus? {
        positions[name].map { status(at: $0) }
    }

    /// Whether the field `name` is waiting for an async check.
    public func isValidating(_ name: FieldName) -> Bool {
        positions[name].map { fields[$0].isValidating } ?? false
    }

    /// Whether any field that takes part is waiting for an async check.
    public var isValidating: Bool {
        fields.withUnsafeBufferPointer { buffer in
            buffer.indices.contains { availabilities[$0].takesPart && buffer[$0].isValidating }
        }
    }

    /// Whether every field that takes part is valid.
    public var isValid: Bool {
        fields.withUnsafeBufferPointer { buffer in
            buffer.indices.allSatisfy { !availabilities[$0].takesPart || buffer[$0].status.isValid }
        }
    }

    /// The fields whose rules read the field `name` (they are re-checked when it changes), in form order.
    public func fields(reading name: FieldName) -> [FieldName] {
        positions[name].map { dependents[$0].map { names[$0] } } ?? []
    }

    /// Whether the field `name` takes part in validation and submission.
    public func availability(of name: FieldName) -> FieldAvailability? {
        positions[name].map { availabilities[$0] }
    }

    // MARK: Changing the form

    /// Stores a value in the field `key` and re-checks the fields that depend on it.
    @discardableResult
    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    public mutating func setValue<Value: Sendable>(_ value: Value, for key: FieldKey<Value>) -> FormUpdate {
        var update = FormUpdate()
        let position = position(of: key)
        // Text travels as text (free once specialised); other values inside an existential.
        let operation: FieldOperation = if let text = value as? String { .setText(text) } else { .setValue(value) }
        perform(operation, at: position, into: &update)
        recheckDependents(of: position, into: &update)
        return update
    }

    /// Tells the field `name` that it lost focus.
    @discardableResult
    public mutating func leave(_ name: FieldName) -> FormUpdate {
        var update = FormUpdate()
        if let index = positions[name], availabilities[index].takesPart {
            perform(.leave, at: index, into: &update)
        }
        return update
    }

    /// Checks the named fields (one, or a group such as a page) that take part, in form order.
    @discardableResult
    public mutating func validate(_ names: some Sequence<FieldName>) -> FormUpdate {
        var indices = names.compactMap { positions[$0] }
        indices.sort()
        return validate(at: indices)
    }

    /// Checks every field that takes part.
    @discardableResult
    public mutating func validateAll() -> FormUpdate { validate(at: fields.indices) }

    /// Checks every field that takes part whose current value has not been
    /// checked yet and is not being checked.
    @discardableResult
    public mutating func validateUnchecked() -> FormUpdate {
        let unchecked = fields.withUnsafeBufferPointer { buffer in
            buffer.indices.filter { !buffer[$0].isCheckedForCurrentValue && !buffer[$0].isValidating }
        }
        return validate(at: unchecked)
    }

    private mutating func validate(at indices: some Sequence<Int>) -> FormUpdate {
        var update = FormUpdate()
        var previous = -1
        for index in indices where index != previous && availabilities[index].takesPart {
            perform(.validate, at: index, into: &update)
            previous = index
        }
        return update
    }

    /// Gives the field `key` these async rules instead of its own (for
    /// example a server check of a runtime's service, on a form made once and
    /// shared); a check of its current value under way becomes stale. Other
    /// copies of the form keep their own rules.
    ///
    /// The form never runs an async rule itself: it returns the check in
    /// ``FormUpdate/checks``, and a ``FormSession`` (or the join journey, for
    /// the join form) runs it after the field's debounce. On a ``VirtualClock``,
    /// advance past the debounce before awaiting ``FormSession/waitForPendingChecks()``.
    /// See <doc:FormSessions>.
    public mutating func setAsyncRules<Value: Sendable>(
        _ rules: [any AsyncValidationRule<Value>], for key: FieldKey<Value>
    ) {
        let index = position(of: key)
        guard var field = fields[index].typed(as: Value.self) else { return }
        field.setAsyncRules(rules)
        fields[index] = AnyFormField(field).base
    }

    /// Shows, hides, enables or disables the field `name`.
    public mutating func setAvailability(_ availability: FieldAvailability, for name: FieldName) {
        guard let index = positions[name] else { return }
        availabilities[index] = availability
        fields[index].availability = availability
    }

    /// Applies an async check's answer; a stale answer changes nothing.
    @discardableResult
    public mutating func complete(_ outcome: AsyncCheckOutcome) -> FormUpdate {
        var update = FormUpdate()
        guard let index = positions[outcome.field] else { return update }
        let before = fields[index].status
        guard fields[index].complete(outcome) else { return update }
        update.record(fields[index].name, from: before, to: fields[index].status)
        return update
    }

    /// Places errors reported by a server (e.g. a 422 answer) on their
    /// fields; each stays until its field is next edited. Names the form does
    /// not have are returned in ``FormUpdate/unplacedViolations``.
    @discardableResult
    public mutating func applyServerViolations(_ violations: [FieldName: [RuleViolation]]) -> FormUpdate {
        var update = FormUpdate()
        for (name, list) in violations.sorted(by: { $0.key < $1.key }) {
            guard let index = positions[name] else {
                update.unplacedViolations[name] = list
                continue
            }
            let before = fields[index].status
            fields[index].applyServerViolations(list)
            update.record(name, from: before, to: fields[index].status)
        }
        return update
    }

    /// Returns every field to its initial value and status.
    @discardableResult
    public mutating func reset() -> FormUpdate {
        var update = FormUpdate()
        for index in fields.indices {
            let before = fields[index].status
            fields[index].reset()
            update.record(fields[index].name, from: before, to: fields[index].status)
        }
        return update
    }

    // MARK: Submitting

    /// The typed values of the fields that take part, provided each is valid.
    ///
    /// - Throws: the first field in form order that is invalid or in error;
    ///   if there is none but some field is not yet known to be valid (an async
    ///   check pending or not yet run), ``FormSubmissionError/pending(_:)``.
    public func submission() throws(FormSubmissionError) -> SubmittedValues {
        var values = SubmittedValues()
        var pending: [FieldName] = []
        for (index, field) in fields.enumerated() where availabilities[index].takesPart {
            switch field.status {
            case .valid: values.append(field.name, field.submittedValue)
            case .invalid(let violations): throw .invalid(field: field.name, violations: violations)
            case .error(let failure): throw .failed(field: field.name, failure: failure)
            case .unknown: pending.append(field.name)
            }
        }
        guard pending.isEmpty else { throw .pending(pending) }
        return values
    }

    /// Checks every field that takes part and was not checked for its current
    /// value, then returns ``submission()``. Fields with async rules are left
    /// pending: use ``FormSession/submit()`` to wait for them.
    public mutating func submit() throws(FormSubmissionError) -> SubmittedValues {
        validateUnchecked()
        return try submission()
    }

    // MARK: Internals

    private func position<Value: Sendable>(of key: FieldKey<Value>) -> Int {
        guard let index = positions[key.name], fields[index].valueType == Value.self else {
            preconditionFailure("the form has no field '\(key.name)' holding \(Value.self)")
        }
        return index
    }

    /// Performs `operation` on the field at `index` in place, recording its status change and any check it asks for.
    ///
    /// Only a field whose rules declare dependencies gets a context that can read
    /// the other fields; fields that read nothing else are checked in their slot
    /// with a context that has only the form's clock.
    private mutating func perform(_ operation: FieldOperation, at index: Int, into update: inout FormUpdate) {
        let step =
            readsOtherFields[index]
            ? performReadingOthers(operation, at: index)
            : fields[index].perform(operation, context: ownContext)
        update.record(names[index], from: step.before, to: step.after)
        if let check = step.check { update.checks.append(check) }
    }

    /// Performs `operation` on a field whose rules read other fields. The
    /// field leaves its slot while it is checked, and the context reads the
    /// others through a ``FieldTable`` (two references, held inline by the
    /// context): so the check copies neither the form nor the field.
    private mutating func performReadingOthers(_ operation: FieldOperation, at index: Int) -> FieldStep {
        var field = fields[index]
        fields[index] = VacantSlot(name: names[index])
        let step = field.perform(
            operation,
            context: ValidationContext(fields: FieldTable(fields: fields, positions: positions), wallClock: wallClock))
        fields[index] = field
        return step
    }

    private mutating func recheckDependents(of position: Int, into update: inout FormUpdate) {
        for index in dependents[position] {
            let field = fields[index]
            guard availabilities[index].takesPart, field.status != .unknown || field.isValidating else { continue }
            perform(.validate, at: index, into: &update)
        }
    }
}

extension Form: FieldValueReading {
    /// The checked value of the field `key`, or `nil` when the form has no such field of that type.
    public func value<Value: Sendable>(of key: FieldKey<Value>) -> Value? {
        field(key)?.checkedValue
    }
}

/// The fields of a form as a rule's context sees them: read only.
struct FieldTable: FieldValueReading {
    let fields: [any ErasedField]
    let positions: FieldPositions

    @_specialize(where Value == String)
    @_specialize(where Value == Bool)
    func value<Value: Sendable>(of key: FieldKey<Value>) -> Value? {
        guard let index = positions[key.name] else { return nil }
        // Text is read as text (specialised, the cast below costs nothing); other values through the erased
        // value: a cast to `Value` alone needs no generic metadata of the field type.
        if Value.self == String.self, let text = fields[index].submittedText { return text as? Value }
        return fields[index].submittedValue as? Value
    }
}

/// What fills a field's slot while that field is being checked; it never
/// takes part, so reads and walks of the form pass over it.
private struct VacantSlot: ErasedField {
    let name: FieldName
    var status: FieldStatus { .unknown }
    var isValidating: Bool { false }
    var isCheckedForCurrentValue: Bool { false }
    var availability: FieldAvailability {
        get { .hidden }
        set {}
    }
    var dependencies: Set<FieldName> { [] }
    var submittedValue: any Sendable { () }
    var submittedText: String? { nil }
    var enteredValue: any Sendable { () }
    var enteredText: String? { nil }
    var valueType: any Sendable.Type { Void.self }
    func typed<Value: Sendable>(as type: Value.Type) -> FormField<Value>? { nil }
    mutating func perform(_ operation: FieldOperation, context: ValidationContext) -> FieldStep {
        FieldStep(before: .unknown, after: .unknown, check: nil)
    }
    mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool { false }
    mutating func applyServerViolations(_ violations: [RuleViolation]) {}
    mutating func reset() {}
}
