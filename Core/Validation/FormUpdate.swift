/// What a change to a ``Form`` caused.
public struct FormUpdate: Sendable {
    /// Fields whose status changed kind, in the order it happened.
    public var statusChanges: [FieldStatusChange] = []
    /// Async checks to start now.
    public var checks: [AsyncCheck] = []
    /// Server errors for names the form does not have.
    public var unplacedViolations: [FieldName: [RuleViolation]] = [:]

    /// An update that changed nothing.
    public init() {}

    mutating func record(_ name: FieldName, from before: FieldStatus, to after: FieldStatus) {
        if before.kind != after.kind { statusChanges.append(FieldStatusChange(field: name, from: before, to: after)) }
    }
}
