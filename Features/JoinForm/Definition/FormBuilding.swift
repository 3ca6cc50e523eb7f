import LiveryCore

/// What building rules from a definition needs from the runtime: the market
/// (mobile and postcode formats), the wall clock (minimum age) and the
/// account service (username availability).
public struct RuleEnvironment: Sendable {
    /// The runtime's market.
    public var market: Market
    /// The calendar date source.
    public var wallClock: WallClock
    /// The service `usernameAvailable` rules ask, and the brand they ask it
    /// for; without one those rules are left out (the account service itself
    /// checks usernames when it creates a client).
    public var usernameChecks: (accounts: any AccountBackend, brand: BrandID)?

    /// An environment without username checks.
    public init(market: Market, wallClock: WallClock) {
        self.market = market
        self.wallClock = wallClock
    }

    /// An environment whose `usernameAvailable` rules ask `accounts` for `brand`.
    public init(market: Market, wallClock: WallClock, accounts: any AccountBackend, brand: BrandID) {
        self.init(market: market, wallClock: wallClock)
        usernameChecks = (accounts, brand)
    }
}

extension FormDefinition {
    /// The typed fields of this definition, in form order, validated on leaving.
    /// Composite fields (`Address`, `DepositLimit`) are not among them: their
    /// values are child forms that the journey keeps.
    ///
    /// Rule order: `mandatory`, `minLength`/`maxLength`, then `custom` in
    /// order. A `Checkbox` holds a `Bool` (mandatory means it must be
    /// ticked); every other input type holds text. Starting state: an
    /// optional field starts valid; a prefilled field starts valid when its
    /// value passes its rules (a prefilled value that does not is left
    /// unknown, so the continue walk checks it); all others start unknown.
    public func makeFields(in environment: RuleEnvironment) -> [AnyFormField] {
        fields.filter { !$0.inputType.isComposite }.map { definition in
            if definition.inputType.holdsTick {
                return AnyFormField(Self.tickField(definition))
            }
            return AnyFormField(Self.textField(definition, environment))
        }
    }

    /// A form of ``makeFields(in:)``, on the environment's clock.
    ///
    /// The form without its server checks is made once per definition and
    /// market and kept (rules built and patterns compiled once per process);
    /// each call copies it, gives it the environment's clock and, where the
    /// environment has username checks, the `usernameAvailable` rules asking
    /// its account service. A prefilled value is judged on the day the form
    /// is first made.
    public func makeForm(in environment: RuleEnvironment) -> Form {
        var form = BuiltForms.form(of: self, in: environment.market) {
            do {
                return try Form(
                    makeFields(in: RuleEnvironment(market: environment.market, wallClock: environment.wallClock)))
            } catch {
                // A loaded definition has unique names and no cross-field rules, so this cannot happen.
                preconditionFailure("a checked form definition did not build: \(error)")
            }
        }
        form.wallClock = environment.wallClock
        if let checks = environment.usernameChecks {
            for field in fields where !field.inputType.isComposite && !field.inputType.holdsTick {
                let rules = field.validate.custom.filter { $0.kind == .usernameAvailable }
                guard !rules.isEmpty else { continue }
                form.setAsyncRules(
                    rules.map { Self.usernameRule($0, checks.accounts, brand: checks.brand) },
                    for: FieldKey<String>(field.name))
            }
        }
        return form
    }

    private static func tickField(_ definition: FieldDefinition) -> FormField<Bool> {
        let rules: [any ValidationRule<Bool>] = definition.validate.mandatory ? [MustBeTrueRule()] : []
        let initial: Bool = if case .tick(let tick)? = definition.defaultValue { tick } else { false }
        let startsValid = !definition.validate.mandatory || initial
        return FormField(
            definition.name, initialValue: initial, rules: rules, initialStatus: startsValid ? .valid : .unknown)
    }

    private static func textField(_ definition: FieldDefinition, _ environment: RuleEnvironment) -> FormField<String> {
        var rules: [any ValidationRule<String>] = []
        let validate = definition.validate
        if validate.mandatory { rules.append(RequiredRule<String>()) }
        switch (validate.minLength, validate.maxLength) {
        case (let minimum?, let maximum?): rules.append(LengthRule.range(minimum...maximum))
        case (let minimum?, nil): rules.append(LengthRule.min(minimum))
        case (nil, let maximum?): rules.append(LengthRule.max(maximum))
        case (nil, nil): break
        }
        var asyncRules: [any AsyncValidationRule<String>] = []
        for rule in validate.custom {
            if rule.kind == .usernameAvailable {
                if let checks = environment.usernameChecks {
                    asyncRules.append(usernameRule(rule, checks.accounts, brand: checks.brand))
                }
            } else {
                rules.append(textRule(rule, definition, environment))
            }
        }
        let initial: String = if case .text(let text)? = definition.defaultValue { text } else { "" }
        // A prefilled value that still needs a server answer is not known to be valid yet.
        let startsValid =
            !validate.mandatory
            || (!initial.isEmptyValue && asyncRules.isEmpty
                && rules.allSatisfy {
                    $0.check(initial, in: ValidationContext(wallClock: environment.wallClock)) == nil
                })
        return FormField(
            definition.name, initialValue: initial, rules: rules, asyncRules: asyncRules,
            initialStatus: startsValid ? .valid : .unknown)
    }

    /// Asks `accounts` whether the name can be used; a taken name breaks the
    /// rule (the brand's code and message), a name the service refuses for
    /// another reason shows the service's first reason, and a failed call is
    /// the field's error state.
    private static func usernameRule(
        _ rule: RuleDefinition, _ accounts: any AccountBackend,
        brand: BrandID
    ) -> any AsyncValidationRule<String> {
        let violation = RuleViolation(
            code: RuleCode(rawValue: rule.code ?? "username.taken"),
            template: rule.errorMessage ?? "That username is taken.")
        return AsyncCustomRule<String> { username in
            let reasons = try await accounts.checkUsername(username, for: brand).reasons
            guard let first = reasons.first else { return nil }
            return reasons.contains { $0.code == UsernameVerdict.takenCode } ? violation : first
        }
    }

    private static func textRule(
        _ rule: RuleDefinition, _ field: FieldDefinition,
        _ environment: RuleEnvironment
    ) -> any ValidationRule<String> {
        let built: any ValidationRule<String>
        switch rule.kind {
        case .regex?:
            switch rule.patternRule() {
            case .success(let compiled)?: return compiled
            case .failure(let error)?:
                // Loading rejects this; fail closed regardless.
                return UnavailableRule<String>(error.for(field.name))
            case nil:
                return UnavailableRule<String>(diagnostic: "field '\(field.name)': a regex rule without a pattern")
            }
        case .email?: built = EmailRule()
        case .mobile?: built = MobileNumberRule(market: environment.market)
        case .postcode?: built = PostcodeRule(market: environment.market)
        case .minimumAge?:
            // Today comes from the form's clock, so the rule serves every runtime's copy of the form.
            built = MinimumAgeRule(years: rule.years ?? environment.market.minimumAge)
                .converting(from: String.self, unreadable: DateOfBirthText.unreadable, DateOfBirthText.day(from:))
        case .passwordStrength?:
            var policy = PasswordPolicy.standard
            if let minimum = rule.minLength { policy.minimumLength = minimum }
            built = PasswordStrengthRule(policy)
        case .oneOf?: built = OneOfRule(field.options ?? [])
        case .usernameAvailable?: preconditionFailure("usernameAvailable is an async rule")
        case nil: return UnavailableRule<String>(diagnostic: "field '\(field.name)': unknown rule '\(rule.rule)'")
        }
        guard rule.code != nil || rule.errorMessage != nil else { return built }
        return relabel(built, code: rule.code.map(RuleCode.init(rawValue:)), message: rule.errorMessage)
    }

    private static func relabel<R: ValidationRule<String>>(_ rule: R, code: RuleCode?, message: String?)
        -> any ValidationRule<String>
    {
        RelabeledRule(rule, code: code, message: message)
    }
}

/// The forms made from definitions so far, by definition and market: a
/// definition's rules are built once per process, however many runtimes use
/// it (at most 64 kept).
enum BuiltForms {
    private struct Key: Hashable, Sendable {
        let definition: FormDefinition
        let market: Market
    }

    private static let made = MadeOnce<Key, Form>(limit: 64)

    /// The form of `definition` in `market`, made by `make` the first time.
    static func form(of definition: FormDefinition, in market: Market, make: () -> Form) -> Form {
        made.value(for: Key(definition: definition, market: market), make: make)
    }
}
