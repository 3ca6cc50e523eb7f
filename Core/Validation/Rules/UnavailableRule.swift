/// A rule that could not be built (for example from a pattern that does not
/// compile) and so fails closed: every non-empty value is rejected with code
/// `rule.unavailable`, and its ``diagnostic`` explains why.
public struct UnavailableRule<Value>: ValidationRule {
    /// Why the rule is unavailable, naming the field.
    public let diagnostic: String

    private let violation: RuleViolation

    /// A fail-closed rule with a diagnostic.
    public init(diagnostic: String) {
        self.diagnostic = diagnostic
        violation = RuleViolation(
            code: .ruleUnavailable, parameters: ["diagnostic": diagnostic],
            template: "This field cannot be checked right now.")
    }

    /// A fail-closed stand-in for a pattern that did not compile.
    public init(_ error: InvalidPatternError) { self.init(diagnostic: error.description) }

    /// Always fails.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        violation
    }
}
