import LiveryWire

extension RuleBreach {
    /// `violation` as the wire spells it.
    public init(_ violation: RuleViolation) {
        self.init(code: violation.code.rawValue, message: violation.message, parameters: violation.parameters)
    }

    /// The violation this breach reports.
    public var violation: RuleViolation {
        RuleViolation(code: RuleCode(rawValue: code), parameters: parameters ?? [:], template: message)
    }
}

extension ErrorAnswer.Detail {
    /// An error of `code` whose per-field rules are `violations`.
    public init(code: String, message: String, violations: [FieldName: [RuleViolation]]) {
        self.init(
            code: code, message: message,
            fields: violations.isEmpty
                ? nil
                : Dictionary(uniqueKeysWithValues: violations.map { ($0.key.rawValue, $0.value.map(RuleBreach.init)) }))
    }

    /// The rules each field breaks.
    public var violations: [FieldName: [RuleViolation]] {
        var found: [FieldName: [RuleViolation]] = [:]
        for (name, list) in fields ?? [:] {
            found[FieldName(name)] = list.map(\.violation)
        }
        return found
    }
}

extension UsernameAvailability {
    /// The answer for `username` given the reasons it cannot be had (none: available).
    public init(username: String, reasons: [RuleViolation]) {
        self.init(
            username: username, available: reasons.isEmpty, reason: reasons.first?.code.rawValue,
            violations: reasons.isEmpty ? nil : reasons.map(RuleBreach.init))
    }

    /// The verdict the answer gives; an unavailable name without reasons (an older server) reads as taken.
    public var verdict: UsernameVerdict {
        guard !available else { return .available }
        let reasons = (violations ?? []).map(\.violation)
        if !reasons.isEmpty { return .unavailable(reasons) }
        let code = RuleCode(rawValue: reason ?? UsernameVerdict.takenCode.rawValue)
        return .unavailable([
            RuleViolation(
                code: code, template: code == UsernameVerdict.takenCode ? "That username is taken." : code.rawValue)
        ])
    }
}
