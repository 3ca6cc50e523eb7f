/// An asynchronous check of one value, such as asking a server whether a
/// username is free.
///
/// An async rule runs only after the field's synchronous rules have passed,
/// and only after the field's debounce has elapsed on the injected clock. It
/// must honour task cancellation: a newer value cancels the check of an older
/// one. Throwing puts the field in the ``FieldStatus/error(_:)`` state;
/// throwing `CancellationError` means the check was abandoned and changes nothing.
public protocol AsyncValidationRule<Value>: Sendable {
    /// The type of value the rule checks.
    associatedtype Value

    /// Checks `value`; `nil` when it passes.
    func check(_ value: Value) async throws -> RuleViolation?
}

/// An async rule made of a closure, e.g. a username availability check.
public struct AsyncCustomRule<Value: Sendable>: AsyncValidationRule {
    private let body: @Sendable (Value) async throws -> RuleViolation?

    /// A rule that runs `body`.
    public init(_ body: @escaping @Sendable (Value) async throws -> RuleViolation?) {
        self.body = body
    }

    /// Runs the closure.
    public func check(_ value: Value) async throws -> RuleViolation? {
        try await body(value)
    }
}
