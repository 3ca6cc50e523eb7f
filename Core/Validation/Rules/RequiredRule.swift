/// The value must be filled in, in the sense of ``Emptiable``: a string with
/// more than white space, a present optional, a non-empty collection, an enum
/// case other than its "none" case.
///
/// Code `required`. This is a requirement rule: for an empty value only
/// requirement rules run.
public struct RequiredRule<Value: Emptiable>: ValidationRule {
    /// The rule: fails while the value is empty.
    public init() {}

    /// Requirement rule.
    public var isRequirement: Bool { true }

    /// Fails when `value.isEmptyValue`.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        value.isEmptyValue ? requiredViolation : nil
    }
}

/// What every ``RequiredRule`` reports (made once: generic types cannot hold static values).
private let requiredViolation = RuleViolation(code: .required, template: "This field is required.")

extension RequiredRule: EmptinessRequirement {
    var violationWhenEmpty: RuleViolation? { requiredViolation }
}
