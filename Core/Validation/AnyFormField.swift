/// The operations a ``Form`` needs from a field, whatever its value type.
protocol ErasedField: Sendable {
    var name: FieldName { get }
    var status: FieldStatus { get }
    var isValidating: Bool { get }
    var isCheckedForCurrentValue: Bool { get }
    var availability: FieldAvailability { get set }
    var dependencies: Set<FieldName> { get }
    var submittedValue: any Sendable { get }
    /// The submitted value of a text field; `nil` for other fields. Lets rules read text without a dynamic cast.
    var submittedText: String? { get }
    /// The value as entered (before the transform).
    var enteredValue: any Sendable { get }
    /// The entered value of a text field; `nil` for other fields.
    var enteredText: String? { get }
    /// The type of value the field holds.
    var valueType: any Sendable.Type { get }
    /// The field as a `FormField<Value>`, or `nil` when it holds another type.
    func typed<Value: Sendable>(as type: Value.Type) -> FormField<Value>?
    mutating func perform(_ operation: FieldOperation, context: ValidationContext) -> FieldStep
    mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool
    mutating func applyServerViolations(_ violations: [RuleViolation])
    mutating func reset()
}

/// What a ``Form`` asks one field to do.
enum FieldOperation {
    /// Store a value the form has checked to be of the field's type.
    case setValue(any Sendable)
    /// Store text in a text field: typing's operation, kept out of an existential.
    case setText(String)
    /// The field lost focus.
    case leave
    /// Check the field whatever its trigger.
    case validate
}

/// The result of one ``FieldOperation``: the status before and after, and any async check to start.
struct FieldStep {
    let before: FieldStatus
    let after: FieldStatus
    let check: AsyncCheck?
}

/// A typed field in a form's slot. Text and tick fields have slot types of
/// their own, so every step the form takes on them runs code compiled for
/// `String` or `Bool`: no generic metadata is looked up per keystroke.
protocol FieldSlot: ErasedField {
    associatedtype Value: Sendable
    var field: FormField<Value> { get set }
}

// The hot members are always inlined into each slot's own witnesses: a generic slot (an app's value type) then
// reads its field in place, rather than asking the runtime for its conformance and copying the field out.
extension FieldSlot {
    var name: FieldName { field.name }
    @inline(__always) var status: FieldStatus { field.status }
    @inline(__always) var isValidating: Bool { field.isValidating }
    @inline(__always) var isCheckedForCurrentValue: Bool { field.isCheckedForCurrentValue }
    @inline(__always) var availability: FieldAvailability {
        get { field.availability }
        set { field.availability = newValue }
    }
    var dependencies: Set<FieldName> { field.dependencies }
    var submittedValue: any Sendable { field.checkedValue }
    var submittedText: String? { nil }
    var enteredValue: any Sendable { field.value }
    var enteredText: String? { nil }
    var valueType: any Sendable.Type { Value.self }

    func typed<Other: Sendable>(as type: Other.Type) -> FormField<Other>? { field as? FormField<Other> }

    @inline(__always) mutating func perform(_ operation: FieldOperation, context: ValidationContext) -> FieldStep {
        FieldStep.perform(operation, on: &field, context: context)
    }

    mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool { field.complete(outcome) }
    mutating func applyServerViolations(_ violations: [RuleViolation]) { field.applyServerViolations(violations) }
    mutating func reset() { field.reset() }
}

/// A text field in its slot.
struct TextSlot: FieldSlot {
    var field: FormField<String>
    var submittedText: String? { field.checkedValue }
    var enteredText: String? { field.value }
}

/// A tick box in its slot.
struct TickSlot: FieldSlot {
    var field: FormField<Bool>
}

/// A field of any other value type in its slot.
struct ValueSlot<Value: Sendable>: FieldSlot {
    var field: FormField<Value>
}

extension FieldStep {
    /// Performs `operation` on `field`.
    static func perform<Value: Sendable>(
        _ operation: FieldOperation, on field: inout FormField<Value>,
        context: ValidationContext
    ) -> FieldStep {
        let before = field.status
        let check: AsyncCheck? =
            switch operation {
            case .setText(let text): store(text: text, in: &field, context: context)
            case .setValue(let value): store(value, in: &field, context: context)
            case .leave: field.leave(context: context)
            case .validate: field.validate(context: context)
            }
        return FieldStep(before: before, after: field.status, check: check)
    }

    /// Stores a value the form has checked to be of the field's type. Kept apart from ``perform(_:on:context:)``:
    /// the cast needs an optional of the field's value type, and where that type is an app's own, only a change of
    /// value should pay for looking one up.
    @inline(never)
    private static func store<Value: Sendable>(
        _ value: any Sendable, in field: inout FormField<Value>, context: ValidationContext
    ) -> AsyncCheck? {
        guard let typed = value as? Value else {
            preconditionFailure("field '\(field.name)' holds \(Value.self), not \(type(of: value))")
        }
        return field.setValue(typed, context: context)
    }

    /// Stores typed text (free where the field is specialised for text).
    @inline(never)
    private static func store<Value: Sendable>(
        text: String, in field: inout FormField<Value>, context: ValidationContext
    ) -> AsyncCheck? {
        guard let typed = text as? Value else {
            preconditionFailure("field '\(field.name)' holds \(Value.self), not text")
        }
        return field.setValue(typed, context: context)
    }
}

/// A field of any value type, for building a ``Form`` from a list decided at
/// run time (for example from a form definition loaded as data).
public struct AnyFormField: Sendable {
    var base: any ErasedField

    /// Wraps a typed field.
    public init<Value: Sendable>(_ field: FormField<Value>) {
        if let text = field as? FormField<String> {
            base = TextSlot(field: text)
        } else if let tick = field as? FormField<Bool> {
            base = TickSlot(field: tick)
        } else {
            base = ValueSlot(field: field)
        }
    }

    /// The wrapped field's name.
    public var name: FieldName { base.name }
}
