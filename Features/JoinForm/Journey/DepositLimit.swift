import LiveryCore

/// What the person decided about a deposit limit.
public enum DepositLimitDecision: String, Hashable, Sendable, CaseIterable {
    /// Not decided yet.
    case undecided
    /// Declined to set a limit: a valid, recorded choice.
    case declined
    /// Set a limit: the amount and period inputs are shown and must be valid.
    case limited
}

/// How often a deposit limit resets.
public enum DepositLimitPeriod: String, Hashable, Sendable, CaseIterable {
    /// Every day.
    case daily
    /// Every week.
    case weekly
    /// Every two weeks.
    case fortnightly
    /// Every month.
    case monthly
}

/// The deposit-limit field's child form, as one value: the decision and, for
/// a limit, its amount and period with their checks. The journey keeps it
/// inside its state and drives it; heads draw it.
public struct DepositLimitState: Hashable, Sendable {
    static let amountKey = "amount"
    static let periodKey = "period"
    static let decisionRequired = RuleViolation(
        code: "depositLimit.decision",
        template: "Choose a deposit limit, or choose not to set one.")

    /// What the person chose: a limit, no limit, or nothing yet.
    public internal(set) var decision: DepositLimitDecision = .undecided
    /// Whether a decision is required (a mandatory deposit-limit field) rather than optional.
    public let isRequired: Bool
    /// The amount in whole currency units, as drawn; shown only when a limit is set.
    public internal(set) var amount: ChildInputState
    /// The period (a drop-down of ``DepositLimitPeriod`` raw values), as drawn; shown only when a limit is set.
    public internal(set) var period: ChildInputState

    private var form: Form
    /// Set when the continue walk found no decision where one is required.
    private var missingDecision = false

    /// An undecided deposit limit; `isRequired` when a decision must be made.
    public init(isRequired: Bool) {
        self.isRequired = isRequired
        let amount = FormField<String>(
            FieldName(Self.amountKey), initialValue: "",
            rules: [
                RequiredRule<String>(),
                PatternRule.wholeAmount.reported(
                    as: "depositLimit.amount",
                    message: "Enter a whole amount from 1 to 999999."),
            ])
        let period = FormField<String>(
            FieldName(Self.periodKey), initialValue: "",
            rules: [RequiredRule<String>(), OneOfRule(DepositLimitPeriod.allCases.map(\.rawValue))])
        do {
            form = try Form(amount, period)
        } catch {
            preconditionFailure("deposit-limit fields are fixed and distinct: \(error)")
        }
        self.amount = ChildInputState(
            key: Self.amountKey, value: "", status: .unknown, messages: [], isRequired: true,
            isFocusable: true)
        self.period = ChildInputState(
            key: Self.periodKey, value: "", status: .unknown, messages: [], isRequired: true,
            isFocusable: false, options: DepositLimitPeriod.allCases.map(\.rawValue))
    }

    /// The parent's status: valid when declined, or when a limit is set and
    /// both children are valid; undecided is valid only when optional.
    public var status: FieldStatus {
        switch decision {
        case .undecided:
            if !isRequired { return .valid }
            return missingDecision ? .invalid([Self.decisionRequired]) : .unknown
        case .declined:
            return .valid
        case .limited:
            let statuses = form.names.compactMap { form.status(of: $0) }
            if let invalid = statuses.first(where: { !$0.violations.isEmpty }) { return invalid }
            return statuses.allSatisfy(\.isValid) ? .valid : .unknown
        }
    }

    /// The child inputs shown now: both when a limit is set, none otherwise.
    public var visibleChildren: [ChildInputState] { decision == .limited ? [amount, period] : [] }

    // MARK: Driven by the journey

    mutating func choose(_ decision: DepositLimitDecision) {
        self.decision = decision
        missingDecision = false
        let availability: FieldAvailability = decision == .limited ? .enabled : .hidden
        for name in form.names { form.setAvailability(availability, for: name) }
    }

    mutating func change(_ key: String, to text: String) {
        guard decision == .limited, form.names.contains(FieldName(key)) else { return }
        form.setValue(text, for: FieldKey<String>(FieldName(key)))
    }

    mutating func leave(_ key: String) {
        form.leave(FieldName(key))
    }

    /// Checks what the continue walk needs: the decision, and a limit's children.
    mutating func validate() {
        switch decision {
        case .undecided: missingDecision = isRequired
        case .declined: break
        case .limited: form.validateAll()
        }
    }

    /// Places server errors (keys `amount`, `period`) on the children.
    mutating func applyServerViolations(_ violations: [FieldName: [RuleViolation]]) {
        form.applyServerViolations(violations)
    }

    /// Redraws the children from the form, with messages in the brand's words.
    mutating func refresh(render: (RuleViolation) -> String) {
        amount = child(amount, render: render)
        period = child(period, render: render)
    }

    private func child(_ drawn: ChildInputState, render: (RuleViolation) -> String) -> ChildInputState {
        var child = drawn
        child.value = value(of: drawn.key)
        child.status = form.status(of: FieldName(drawn.key)) ?? .unknown
        child.messages = child.status.violations.map(render)
        return child
    }

    /// The violations of each child that broke rules, by child key.
    func childViolations() -> [String: [RuleViolation]] {
        var found: [String: [RuleViolation]] = [:]
        for name in form.names {
            if let violations = form.status(of: name)?.violations, !violations.isEmpty {
                found[name.rawValue] = violations
            }
        }
        return found
    }

    /// The first child input that is not valid, for focus after a failed walk.
    var firstInvalidChild: String? {
        guard decision == .limited else { return nil }
        return form.names.first { form.status(of: $0)?.isValid == false }?.rawValue
    }

    func value(of key: String) -> String {
        form.enteredValue(of: FieldKey<String>(FieldName(key))) ?? ""
    }

    /// The registration entries: the decision, and a limit's amount and period.
    func registrationFields(prefix: String) -> [String: String] {
        var fields = [prefix: decision.rawValue]
        if decision == .limited {
            fields["\(prefix).\(Self.amountKey)"] = value(of: Self.amountKey)
            fields["\(prefix).\(Self.periodKey)"] = value(of: Self.periodKey)
        }
        return fields
    }

    // The form is drawn in `amount` and `period`; equality is what is drawn.
    public static func == (lhs: DepositLimitState, rhs: DepositLimitState) -> Bool {
        lhs.decision == rhs.decision && lhs.isRequired == rhs.isRequired && lhs.missingDecision == rhs.missingDecision
            && lhs.amount == rhs.amount && lhs.period == rhs.period
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(decision)
        hasher.combine(isRequired)
        hasher.combine(missingDecision)
        hasher.combine(amount)
        hasher.combine(period)
    }
}

extension PatternRule {
    /// A whole amount from 1 to 999999, without separators.
    static let wholeAmount: PatternRule = {
        do {
            return try PatternRule("[1-9][0-9]{0,5}")
        } catch {
            preconditionFailure("the whole-amount pattern is fixed: \(error)")
        }
    }()
}
