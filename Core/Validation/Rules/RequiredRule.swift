/// The value must be filled in, in the sense of ``Emptiable``: a string with
/// more than white space, a present optional, a non-empty collection, an enum
/// case other than its "none" case.
///
/// Code `required`. This is a requirement rule: for an empty value only
/// requirement rules run.
public struct RequiredRule<Value: Emptiable>: ValidationRule {
    /// A required-value rule.
    public init() {}

    /// Requirement rule.
    public var isRequirement: Bool { true }

    /// Fails when `value.isEmptyValue`.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        value.isEmptyValue ? RuleViolation(code: .required, template: "This field is required.") : nil
    }
}

/// A tick box that must be ticked (e.g. accepting the terms). Code `consent.required`.
///
/// A `Bool` has no notion of emptiness, so this rule always runs.
public struct MustBeTrueRule: ValidationRule {
    /// A must-be-ticked rule.
    public init() {}

    /// Requirement rule.
    public var isRequirement: Bool { true }

    /// Fails when `value` is `false`.
    public func check(_ value: Bool, in context: ValidationContext) -> RuleViolation? {
        value ? nil : RuleViolation(code: .consentRequired, template: "Please tick this box to continue.")
    }
}
