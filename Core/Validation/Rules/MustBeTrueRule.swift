/// A tick box that must be ticked (e.g. accepting the terms). Code `consent.required`.
///
/// A `Bool` has no notion of emptiness, so this rule always runs.
public struct MustBeTrueRule: ValidationRule {
    /// The rule: fails until the box is ticked.
    public init() {}

    /// Requirement rule.
    public var isRequirement: Bool { true }

    /// Fails when `value` is `false`.
    public func check(_ value: Bool, in context: ValidationContext) -> RuleViolation? {
        value ? nil : Self.violation
    }

    private static let violation = RuleViolation(code: .consentRequired, template: "Please tick this box to continue.")
}
