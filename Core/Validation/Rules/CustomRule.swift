/// A rule made of a closure, for one-off checks that need no type of their own.
public struct CustomRule<Value: Sendable>: ValidationRule {
    private let body: @Sendable (Value, ValidationContext) -> RuleViolation?
    /// The fields the closure reads through the context.
    public let dependencies: [FieldName]

    /// A rule that fails with `code` and `message` when `passes` returns `false`.
    public init(
        code: RuleCode, message: String, parameters: [String: String] = [:],
        passes: @escaping @Sendable (Value) -> Bool
    ) {
        let violation = RuleViolation(code: code, parameters: parameters, template: message)
        self.body = { value, _ in passes(value) ? nil : violation }
        self.dependencies = []
    }

    /// A rule that runs `body`, which may read the fields in `dependencies` from the context.
    public init(
        dependencies: [FieldName] = [],
        _ body: @escaping @Sendable (Value, ValidationContext) -> RuleViolation?
    ) {
        self.body = body
        self.dependencies = dependencies
    }

    /// Runs the closure.
    public func check(_ value: Value, in context: ValidationContext) -> RuleViolation? {
        body(value, context)
    }
}
