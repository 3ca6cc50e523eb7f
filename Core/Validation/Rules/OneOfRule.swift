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
        // Text choices are joined as they are; interpolating each (the general case) costs more than the rest of making the rule.
        let listed = (allowed as? [String] ?? allowed.map { "\($0)" }).joined(separator: ", ")
        violation = RuleViolation(
            code: .choiceInvalid, parameters: ["allowed": listed], template: "Choose one of the options.")
    }

    /// Fails unless `value` is allowed.
    @_specialize(where Value == String)
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        // A short list is searched in order: comparing a few values costs less than hashing one.
        let allowed = allowed.count <= 16 ? allowed.contains(value) : lookup.contains(value)
        return allowed ? nil : violation
    }
}
