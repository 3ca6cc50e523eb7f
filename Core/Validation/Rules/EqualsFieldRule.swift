/// The value must equal another field's value (e.g. "confirm password").
///
/// The rule depends on the other field: changing that field re-checks this
/// one. When the other field is not available (no such field, or checked
/// outside a form) the rule fails: it never passes on a value it could not
/// compare. Code `field.mismatch` (parameter `field`, the other field's name).
public struct EqualsFieldRule<Value: Equatable & Sendable>: ValidationRule {
    /// The field this one must equal.
    public let other: FieldKey<Value>

    private let violation: RuleViolation

    /// Must equal the field `other`.
    public init(_ other: FieldKey<Value>) {
        self.other = other
        violation = RuleViolation(
            code: .fieldMismatch, parameters: ["field": other.name.rawValue],
            template: "This does not match.")
    }

    /// Re-check when the other field changes.
    public var dependencies: [FieldName] { [other.name] }

    /// Fails unless the other field holds an equal value.
    @_specialize(where Value == String)
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        if let otherValue = context.value(of: other), otherValue == value { return nil }
        return violation
    }
}
