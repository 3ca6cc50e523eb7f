/// The validation state of a field: exactly one of unknown, valid, invalid or error.
public enum FieldStatus: Hashable, Sendable {
    /// Not checked since the value last changed.
    case unknown
    /// Checked and every rule passed.
    case valid
    /// Checked and these rules were broken, in the field's rule order.
    case invalid([RuleViolation])
    /// The check could not run (for example a server call failed).
    case error(FieldFailure)

    /// The state without its details, for observing transitions.
    public var kind: Kind {
        switch self {
        case .unknown: .unknown
        case .valid: .valid
        case .invalid: .invalid
        case .error: .error
        }
    }

    /// Every violated rule; empty unless the status is ``invalid(_:)``.
    public var violations: [RuleViolation] {
        if case .invalid(let violations) = self { violations } else { [] }
    }

    /// Whether the status is ``valid``.
    public var isValid: Bool { self == .valid }

    /// The four kinds of status.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Not checked.
        case unknown
        /// Passed.
        case valid
        /// Broke at least one rule.
        case invalid
        /// The check could not run.
        case error
    }
}

/// Why a check could not run. Its text is for logs and alerts, never a value.
public struct FieldFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A short explanation, e.g. "the username service did not answer".
    public var reason: String

    /// A failure to check, saying why in words a person can read.
    public init(reason: String) { self.reason = reason }

    /// Why the check failed.
    public var description: String { reason }
}

/// When a field checks itself.
public enum ValidationTrigger: String, Hashable, Sendable, Codable, CaseIterable {
    /// When the field loses focus (the default). A change resets it to unknown,
    /// except while it shows an error: then every change re-checks it, so the
    /// error clears as soon as the input is fixed ("reward early, punish late").
    case onLeave
    /// On every change, and on leaving.
    case onChange
    /// Only when the form (or the field) is validated explicitly, e.g. on submit.
    case onSubmit
}

/// Whether a field takes part in validation and submission.
public enum FieldAvailability: String, Hashable, Sendable, Codable, CaseIterable {
    /// Shown and editable: validated and submitted.
    case enabled
    /// Shown but not editable: neither validated nor submitted.
    case disabled
    /// Not shown: neither validated nor submitted.
    case hidden

    /// Whether a field in this state is validated and submitted.
    public var takesPart: Bool { self == .enabled }
}

/// A change of a field's status from one kind to another (valid ↔ invalid ↔ error ↔ unknown).
public struct FieldStatusChange: Hashable, Sendable {
    /// The field whose status changed.
    public var field: FieldName
    /// The status before.
    public var from: FieldStatus
    /// The status after.
    public var to: FieldStatus

    /// The status of `field` moving `from` one `to` another.
    public init(field: FieldName, from: FieldStatus, to: FieldStatus) {
        self.field = field
        self.from = from
        self.to = to
    }
}
