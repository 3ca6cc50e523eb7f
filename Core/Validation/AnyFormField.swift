/// The operations a ``Form`` needs from a field, whatever its value type.
protocol ErasedField: Sendable {
    var name: FieldName { get }
    var status: FieldStatus { get }
    var isValidating: Bool { get }
    var isCheckedForCurrentValue: Bool { get }
    var availability: FieldAvailability { get set }
    var dependencies: Set<FieldName> { get }
    var submittedValue: any Sendable { get }
    mutating func perform(_ operation: FieldOperation, context: ValidationContext) -> FieldStep
    mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool
    mutating func applyServerViolations(_ violations: [RuleViolation])
    mutating func reset()
}

/// What a ``Form`` asks one field to do.
enum FieldOperation {
    /// Store a value the form has checked to be of the field's type.
    case setValue(any Sendable)
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

extension FormField: ErasedField {
    var submittedValue: any Sendable { checkedValue }

    /// Performs `operation` in place, so the form opens the field once per step.
    mutating func perform(_ operation: FieldOperation, context: ValidationContext) -> FieldStep {
        let before = status
        let check: AsyncCheck?
        switch operation {
        case .setValue(let value):
            guard let typed = value as? Value else {
                preconditionFailure("field '\(name)' holds \(Value.self), not \(type(of: value))")
            }
            check = setValue(typed, context: context)
        case .leave:
            check = leave(context: context)
        case .validate:
            check = validate(context: context)
        }
        return FieldStep(before: before, after: status, check: check)
    }
}

/// A field of any value type, for building a ``Form`` from a list decided at
/// run time (for example from a form definition loaded as data).
public struct AnyFormField: Sendable {
    var base: any ErasedField

    /// Wraps a typed field.
    public init<Value: Sendable>(_ field: FormField<Value>) { base = field }

    /// The wrapped field's name.
    public var name: FieldName { base.name }
}
