import AddressLookupFeature
import LiveryCore

/// Checks the registration entries of composite fields (`parent` and
/// `parent.child`) with the same child forms the journey uses.
enum CompositePayload {
    /// The violations of the composite `field` in `submitted`, keyed
    /// `parent` (the decision, or a missing value) or `parent.child`.
    static func violations(
        of field: FieldDefinition, in submitted: [String: String],
        market: Market
    ) -> [FieldName: [RuleViolation]] {
        let prefix = field.name.rawValue + "."
        let children = submitted.filter { $0.key.hasPrefix(prefix) }
        var found: [FieldName: [RuleViolation]] = [:]
        switch field.inputType {
        case .depositLimit:
            let text = submitted[field.name.rawValue] ?? DepositLimitDecision.undecided.rawValue
            guard let decision = DepositLimitDecision(rawValue: text) else {
                return [
                    field.name: [
                        RuleViolation(
                            code: .choiceInvalid,
                            parameters: [
                                "choices": DepositLimitDecision.allCases.map(\.rawValue).joined(separator: ", ")
                            ],
                            template: "Choose one of {choices}.")
                    ]
                ]
            }
            var form = DepositLimitState(isRequired: field.validate.mandatory)
            form.choose(decision)
            for (key, value) in children {
                let child = String(key.dropFirst(prefix.count))
                // A limit's amount and period belong to a limit set, and to nothing else.
                guard decision == .limited, [DepositLimitState.amountKey, DepositLimitState.periodKey].contains(child)
                else {
                    found[FieldName(key)] = [unknownChild]
                    continue
                }
                form.change(child, to: value)
            }
            form.validate()
            for (child, violations) in form.childViolations() { found[FieldName(prefix + child)] = violations }
            if case .invalid(let violations) = form.status, decision == .undecided { found[field.name] = violations }
        case .address:
            guard !children.isEmpty || field.validate.mandatory else { break }
            var values: [AddressPart: String] = [:]
            for (key, value) in children {
                guard let child = AddressPart(rawValue: String(key.dropFirst(prefix.count))) else {
                    found[FieldName(key)] = [unknownChild]
                    continue
                }
                values[child] = value
            }
            for (child, violations) in AddressPart.violations(of: values, in: market) {
                found[FieldName(prefix + child.rawValue)] = violations
            }
        default:
            for key in children.keys { found[FieldName(key)] = [unknownChild] }
        }
        return found
    }

    static let unknownChild = RuleViolation(code: "field.unknown", template: "This field is not part of the form.")
}
