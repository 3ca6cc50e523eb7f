import LiveryCore

/// One entry of a field's `custom` rules: `{ "rule": "regex", "pattern": "…", "errorMessage": "…" }`.
///
/// Besides `regex` (the only kind of the server-driven shape), Livery reads
/// its built-in rules under the same key: `email`, `mobile` (the runtime
/// market's numbering plan), `postcode` (the runtime market's), `minimumAge`
/// (for `Date` fields: `years`, or the runtime market's minimum age), `passwordStrength` (the standard
/// policy, `minLength` replacing its minimum length), `oneOf` (a `Select` field's `options`) and
/// `usernameAvailable` (asked of the account service). `errorMessage`
/// replaces the default message of any kind; `code` replaces its code.
public struct RuleDefinition: Hashable, Sendable, Codable {
    /// The rule kinds a definition may name.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A regular expression the whole value must match (`pattern`).
        case regex
        /// An e-mail address.
        case email
        /// A mobile number of the runtime's market.
        case mobile
        /// A postcode of the runtime's market.
        case postcode
        /// A date of birth at least `years` ago.
        case minimumAge
        /// A password meeting the standard policy (with `minLength` as its minimum length when given).
        case passwordStrength
        /// One of the field's `options`.
        case oneOf
        /// A username nobody has registered, asked of the account service
        /// when the field is checked (an async rule; a failed call puts the
        /// field in the error state).
        case usernameAvailable
    }

    /// The rule's kind as written (`rule` in JSON).
    public var rule: String { didSet { compile() } }
    /// The regular expression of a `regex` rule.
    public var pattern: String? { didSet { compile() } }
    /// Whether a `regex` rule ignores letter case.
    public var caseInsensitive: Bool? { didSet { compile() } }
    /// The age of a `minimumAge` rule; `nil`: the runtime market's minimum age.
    public var years: Int?
    /// The minimum length of a `passwordStrength` rule.
    public var minLength: Int?
    /// A message replacing the rule's default.
    public var errorMessage: String?
    /// A code replacing the rule's default.
    public var code: String?

    /// A rule definition.
    public init(
        rule: Kind, pattern: String? = nil, caseInsensitive: Bool? = nil, years: Int? = nil,
        minLength: Int? = nil, errorMessage: String? = nil, code: String? = nil
    ) {
        self.rule = rule.rawValue
        self.pattern = pattern
        self.caseInsensitive = caseInsensitive
        self.years = years
        self.minLength = minLength
        self.errorMessage = errorMessage
        self.code = code
        compile()
    }

    /// A `regex` rule's pattern as compiled when the rule was made, decoded
    /// or last changed (or why it does not compile); `nil` for other kinds
    /// and a missing pattern. Forms are built from one definition again and
    /// again (each journey), and they share this one compiled expression.
    private var compiled = CompiledPattern()

    private mutating func compile() {
        guard kind == .regex, let pattern else {
            compiled.result = nil
            return
        }
        compiled.result = Result { () throws(InvalidPatternError) in
            try PatternRule(pattern, caseInsensitive: caseInsensitive ?? false)
        }
    }

    /// The `regex` rule this definition describes, with its code and message;
    /// `nil` for other kinds and a missing pattern.
    func patternRule() -> Result<PatternRule, InvalidPatternError>? {
        compiled.result.map { result in
            result.map {
                $0.reporting(
                    code: code.map(RuleCode.init(rawValue:)) ?? .patternMismatch,
                    message: errorMessage ?? PatternRule.defaultMessage)
            }
        }
    }

    /// What follows from the rule's own fields, so it takes no part in
    /// comparing or hashing rules: two rules that read the same are equal.
    private struct CompiledPattern: Hashable, Sendable {
        var result: Result<PatternRule, InvalidPatternError>?
        static func == (lhs: CompiledPattern, rhs: CompiledPattern) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case rule, pattern, caseInsensitive, years, minLength, errorMessage, code
    }

    /// Decodes a rule; an unknown key is an error naming the rule.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(String.self, forKey: .rule)
        try KnownKeys.check(decoder, known: CodingKeys.allCases.map(\.rawValue), place: "rule '\(rule)'")
        pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
        caseInsensitive = try container.decodeIfPresent(Bool.self, forKey: .caseInsensitive)
        years = try container.decodeIfPresent(Int.self, forKey: .years)
        minLength = try container.decodeIfPresent(Int.self, forKey: .minLength)
        errorMessage = try container.decodeIfPresent(String.self, forKey: .errorMessage)
        code = try container.decodeIfPresent(String.self, forKey: .code)
        compile()
    }

    /// The kind, or `nil` when `rule` names none.
    public var kind: Kind? { Kind(rawValue: rule) }

    /// Checks that the rule is complete and fits `field`'s input type.
    func check(for field: FieldDefinition) throws(DefinitionError) {
        guard let kind else {
            throw .unknownRule(
                rule, field: field.name, suggestion: NameSuggestion.closest(to: rule, in: Kind.allCases.map(\.rawValue))
            )
        }
        let allowed: Set<InputType> =
            switch kind {
            case .regex, .email, .postcode: [.text, .email, .tel, .password, .date]
            case .mobile: [.tel, .text]
            case .minimumAge: [.date]
            case .passwordStrength: [.password]
            case .oneOf: [.select, .text]
            case .usernameAvailable: [.text, .email]
            }
        guard allowed.contains(field.inputType) else {
            throw .ruleNotForInputType(rule: rule, field: field.name, inputType: field.inputType)
        }
        switch kind {
        case .regex:
            guard let compiled = compiled.result else {
                throw .missingRuleValue(field: field.name, rule: rule, key: "pattern")
            }
            if case .failure(let error) = compiled { throw .invalidPattern(error.for(field.name)) }
        case .minimumAge:
            // Without `years`, the runtime market's minimum age.
            if let years, years <= 0 { throw .missingRuleValue(field: field.name, rule: rule, key: "years") }
        case .oneOf:
            guard !(field.options ?? []).isEmpty else {
                throw .missingRuleValue(field: field.name, rule: rule, key: "options")
            }
        case .email, .mobile, .postcode, .passwordStrength, .usernameAvailable:
            break
        }
    }
}
