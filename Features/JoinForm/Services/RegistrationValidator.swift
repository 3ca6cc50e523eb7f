import LiveryCore

/// Checks a submitted registration with the rules built from a form
/// definition: the one check an account service runs before it stores
/// anything, shared by the embedded service and the sandbox server so both
/// answer exactly as the form the client used (one source of truth).
/// The form is built once (patterns compiled once); each check works on a copy.
public struct RegistrationValidator: Sendable {
    /// The definition the rules come from.
    public let definition: FormDefinition
    /// Which fields name the username and the person.
    public let fieldNames: AccountFieldNames
    private let blankForm: Form
    private let market: Market

    /// A validator for `definition` in `environment` (market and calendar).
    public init(definition: FormDefinition, environment: RuleEnvironment, fieldNames: AccountFieldNames = .standard) {
        self.definition = definition
        self.fieldNames = fieldNames
        self.blankForm = definition.makeForm(
            in: RuleEnvironment(market: environment.market, wallClock: environment.wallClock))
        self.market = environment.market
    }

    /// The username `submitted` asks for.
    public func username(in submitted: [String: String]) -> String {
        submitted[fieldNames.username.rawValue] ?? ""
    }

    /// Who `submitted` is, by email and mobile, to tell an existing client.
    public func identity(in submitted: [String: String]) -> AccountIdentity {
        AccountIdentity(
            email: submitted[fieldNames.email.rawValue], mobile: submitted[fieldNames.mobile.rawValue], in: market)
    }

    /// The fields that hold secrets (the form's `Password` fields): never stored or logged.
    public var secretFields: Set<String> { definition.secretFieldNames }

    /// The violation of a username someone already has (or a look-alike of it, see ``UsernameKey``).
    public static let usernameTaken = RuleViolation(
        code: UsernameVerdict.takenCode, template: "That username is taken.")

    /// The brand's username rules `username` breaks, exactly as the form
    /// reports them (required, length, allowed characters); empty when it
    /// keeps them. The availability check asks this before whether the name
    /// is taken, so the form, the check and registration never disagree.
    public func usernameViolations(_ username: String) -> [RuleViolation] {
        let name = fieldNames.username
        guard definition.field(name) != nil else { return [] }
        var form = blankForm
        form.setValue(username, for: FieldKey<String>(name))
        form.validate([name])
        return form.status(of: name)?.violations ?? []
    }

    /// The broken rules of `submitted`, per field, as the form reports them:
    /// every field the definition has is checked with its rules (composites
    /// as `parent` and `parent.child` with the same child forms); a field the
    /// form does not have is `field.unknown`, text where a tick is expected
    /// `field.notTick`. Empty when everything is valid.
    public func violations(in submitted: [String: String]) -> [FieldName: [RuleViolation]] {
        var form = blankForm
        var rejected: [FieldName: [RuleViolation]] = [:]
        for field in definition.fields where field.inputType.isComposite {
            rejected.merge(CompositePayload.violations(of: field, in: submitted, market: market)) { first, _ in first }
        }
        for (key, text) in submitted {
            let name = FieldName(key)
            // A composite's entries are its children (`parent.child`) and, for one that carries a
            // decision (a deposit limit), the parent itself; those are checked above.
            if let dot = key.firstIndex(of: "."),
                let parent = definition.field(FieldName(String(key[..<dot]))), parent.inputType.isComposite
            {
                continue
            }
            guard let field = definition.field(name), field.inputType != .address else {
                rejected[name] = [RuleViolation(code: "field.unknown", template: "This field is not part of the form.")]
                continue
            }
            if field.inputType == .depositLimit { continue }
            if field.inputType.holdsTick {
                guard let tick = Bool(text) else {
                    rejected[name] = [RuleViolation(code: "field.notTick", template: "Expected true or false.")]
                    continue
                }
                form.setValue(tick, for: FieldKey<Bool>(name))
            } else {
                form.setValue(text, for: FieldKey<String>(name))
            }
        }
        form.validateAll()
        for name in form.names where rejected[name] == nil {
            let found = form.status(of: name)?.violations ?? []
            if !found.isEmpty { rejected[name] = found }
        }
        return rejected
    }

    /// Whether the applicant `fields` names (first name, last name, date of birth) is on `register`.
    public func isListed(_ fields: [String: String], in register: [SelfExcludedPerson]) -> Bool {
        guard let birthDay = DateOfBirthText.day(from: fields[fieldNames.dateOfBirth.rawValue] ?? "") else {
            return false
        }
        let first = fields[fieldNames.firstName.rawValue] ?? ""
        let last = fields[fieldNames.lastName.rawValue] ?? ""
        return register.contains { $0.matches(firstName: first, lastName: last, dateOfBirth: birthDay) }
    }
}
