/// The value must be one of a fixed list (e.g. a state from a picker).
/// Code `choice.invalid` (parameter `allowed`, the choices joined by ", ").
public struct OneOfRule<Value: Hashable & Sendable>: ValidationRule {
    /// The allowed values, in display order.
    public let allowed: [Value]
    private let lookup: Set<Value>
    private let violation: RuleViolation

    /// Must be one of `allowed`.
    public init(_ allowed: [Value]) {
        self.allowed = allowed
        self.lookup = Set(allowed)
        violation = RuleViolation(code: .choiceInvalid, parameters: ["allowed": allowed.map { "\($0)" }.joined(separator: ", ")],
                                  template: "Choose one of the options.")
    }

    /// Fails unless `value` is allowed.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        lookup.contains(value) ? nil : violation
    }
}
