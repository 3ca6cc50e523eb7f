/// A rule reported under another code and default message (for example a
/// pattern from a form definition with its own error message). The
/// parameters of the original violation are kept.
public struct RelabeledRule<Base: ValidationRule>: ValidationRule {
    /// The wrapped rule.
    public let base: Base
    /// The code reported instead, if any.
    public let code: RuleCode?
    /// The default message reported instead, if any.
    public let message: String?
    /// What the rule reports for an empty value, when the wrapped rule is a plain requirement.
    let violationWhenEmpty: RuleViolation?
    /// The wrapped rule's recent violations beside their relabelled copies: a rule that reports the same
    /// violation again (most do) is relabelled once, and a check that fails allocates nothing.
    private let relabelled: Relabellings

    /// Reports `base`'s violations as `code` (or its own code when `nil`) with `message`.
    public init(_ base: Base, code: RuleCode?, message: String?) {
        self.base = base
        self.code = code
        self.message = message
        relabelled = Relabellings()
        violationWhenEmpty = (base as? any EmptinessRequirement)?.violationWhenEmpty.map {
            Self.relabel($0, code: code, message: message)
        }
    }

    /// The wrapped rule's dependencies.
    public var dependencies: [FieldName] { base.dependencies }
    /// Whether the wrapped rule is a requirement rule.
    public var isRequirement: Bool { base.isRequirement }

    /// Runs the wrapped rule and relabels its violation.
    public func check(_ value: Base.Value, in context: ValidationContext) -> RuleViolation? {
        guard let violation = base.check(value, in: context) else { return nil }
        return relabelled.relabelling(violation) { Self.relabel($0, code: code, message: message) }
    }

    private static func relabel(_ violation: RuleViolation, code: RuleCode?, message: String?) -> RuleViolation {
        var violation = violation
        if let code { violation.code = code }
        if let message { violation.message = MessageTemplate.render(message, with: violation.parameters) }
        return violation
    }
}

extension RelabeledRule: EmptinessRequirement {}

/// A few violations and what a ``RelabeledRule`` made of each, kept by the
/// violations' identity (each holds the one it came from, so an identity is
/// never reused while it is kept).
private final class Relabellings: Sendable {
    private static let capacity = 8
    private let pairs = Locked<(pairs: [(from: RuleViolation, to: RuleViolation)], next: Int)>(([], 0))

    func relabelling(_ violation: RuleViolation, _ relabel: (RuleViolation) -> RuleViolation) -> RuleViolation {
        if let known = pairs.withLock({ $0.pairs.first { $0.from.isSameInstance(as: violation) }?.to }) {
            return known
        }
        let made = relabel(violation)
        pairs.withLock { memo in
            if memo.pairs.count < Self.capacity {
                memo.pairs.append((violation, made))
            } else {
                memo.pairs[memo.next] = (violation, made)
                memo.next = (memo.next + 1) % Self.capacity
            }
        }
        return made
    }
}

/// A rule over one type applied to another by converting the value first,
/// e.g. an age rule over ``CalendarDay`` applied to a typed `dd/mm/yyyy` text.
/// A value that cannot be converted fails with `unreadable`.
public struct ConvertingRule<Input: Sendable, Base: ValidationRule>: ValidationRule where Base.Value: Sendable {
    private let base: Base
    private let convert: @Sendable (Input) -> Base.Value?
    private let unreadable: RuleViolation

    /// Applies `base` to `convert(value)`, failing with `unreadable` when it is `nil`.
    public init(_ base: Base, unreadable: RuleViolation, convert: @escaping @Sendable (Input) -> Base.Value?) {
        self.base = base
        self.convert = convert
        self.unreadable = unreadable
    }

    /// The wrapped rule's dependencies.
    public var dependencies: [FieldName] { base.dependencies }

    /// Converts, then runs the wrapped rule.
    public func check(_ value: Input, in context: ValidationContext) -> RuleViolation? {
        guard let converted = convert(value) else { return unreadable }
        return base.check(converted, in: context)
    }
}

extension ValidationRule {
    /// This rule, reporting `code` and (if given) `message` instead of its own.
    public func reported(as code: RuleCode, message: String? = nil) -> RelabeledRule<Self> {
        RelabeledRule(self, code: code, message: message)
    }

    /// This rule with its own code and `message` instead of its default message.
    public func reported(message: String) -> RelabeledRule<Self> {
        RelabeledRule(self, code: nil, message: message)
    }

    /// This rule applied to values of another type through `convert`.
    public func converting<Input: Sendable>(
        from: Input.Type = Input.self, unreadable: RuleViolation,
        _ convert: @escaping @Sendable (Input) -> Value?
    ) -> ConvertingRule<Input, Self> where Value: Sendable {
        ConvertingRule(self, unreadable: unreadable, convert: convert)
    }
}
