/// The operations a ``Form`` needs from a field, whatever its value type.
protocol ErasedField: Sendable {
    var name: FieldName { get }
    var status: FieldStatus { get }
    var isValidating: Bool { get }
    var isCheckedForCurrentValue: Bool { get }
    var availability: FieldAvailability { get set }
    var dependencies: Set<FieldName> { get }
    var submittedValue: any Sendable { get }
    mutating func setErasedValue(_ value: any Sendable, context: ValidationContext) -> AsyncCheck?
    mutating func leave(context: ValidationContext) -> AsyncCheck?
    mutating func validate(context: ValidationContext) -> AsyncCheck?
    mutating func complete(_ outcome: AsyncCheckOutcome) -> Bool
    mutating func applyServerViolations(_ violations: [RuleViolation])
    mutating func reset()
}

extension FormField: ErasedField {
    var submittedValue: any Sendable { checkedValue }

    /// Sets a value the form has already checked to be of type `Value`.
    mutating func setErasedValue(_ value: any Sendable, context: ValidationContext) -> AsyncCheck? {
        guard let typed = value as? Value else {
            preconditionFailure("field '\(name)' holds \(Value.self), not \(type(of: value))")
        }
        return setValue(typed, context: context)
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
