import AddressLookupFeature
import LiveryCore

/// The parts of a join journey that are plain values: the definition, the
/// Core form and the child forms, and how they turn into ``JoinState``.
/// ``JoinJourney`` owns one and runs the side effects around it.
struct JoinFormModel: Sendable {
    let definition: FormDefinition
    let region: Region
    let traits: [FieldName: FieldTraits]
    let render: @Sendable (RuleViolation) -> String
    /// The name of the deposit-limit field, if the form has one.
    let depositLimitName: FieldName?
    /// The name of the address field, if the form has one.
    let addressName: FieldName?
    /// Whether the address is required.
    let addressRequired: Bool
    var form: Form
    var depositLimit: DepositLimitForm?
    /// The address field's lookup state, mirrored from its engine.
    var address: AddressLookupState?
    /// Violations the address carries until it is next changed: "required"
    /// from the continue walk, or details the account service rejected.
    var addressViolations: [RuleViolation] = []

    static let addressRequiredViolation = RuleViolation(
        code: .required, template: "Search for your address, or enter it manually.")

    init(definition: FormDefinition, environment: RuleEnvironment, render: @escaping @Sendable (RuleViolation) -> String) {
        self.definition = definition
        self.region = environment.region
        self.traits = Dictionary(uniqueKeysWithValues: definition.fields.map { ($0.name, $0.traits(in: environment.region)) })
        self.render = render
        self.form = definition.makeForm(in: environment)
        let depositField = definition.fields.first { $0.inputType == .depositLimit }
        self.depositLimitName = depositField?.name
        self.depositLimit = depositField.map { DepositLimitForm(isRequired: $0.validate.mandatory) }
        let addressField = definition.fields.first { $0.inputType == .address }
        self.addressName = addressField?.name
        self.addressRequired = addressField?.validate.mandatory ?? false
    }

    /// The address field's status (J10): the lookup's, unless the walk found
    /// it missing or the service rejected it; an optional address left empty is valid.
    var addressStatus: FieldStatus {
        if !addressViolations.isEmpty { return .invalid(addressViolations) }
        guard let address else { return .unknown }
        let status = address.status
        if status == .unknown, !addressRequired, address.mode == .search, address.searchText.isEmpty { return .valid }
        return status
    }

    // MARK: Focus (J9)

    /// The inputs of `page` that take focus, row by row, left to right.
    func focusOrder(on page: PageDefinition) -> [InputID] {
        page.fieldNames.flatMap { focusableInputs(of: $0) }
    }

    /// The inputs of the field `name` that take focus now, in order.
    func focusableInputs(of name: FieldName) -> [InputID] {
        guard let field = definition.field(name) else { return [] }
        switch field.inputType {
        case .depositLimit:
            guard depositLimit?.decision == .limited else { return [] }
            return [.child(name, DepositLimitForm.amountKey)]
        case .address:
            guard let address, address.mode == .manual else { return [.field(name)] }
            return address.manualFields.filter(\.field.isFocusable).map { .child(name, $0.field.rawValue) }
        default:
            return traits[name]?.isFocusable == true ? [.field(name)] : []
        }
    }

    // MARK: State

    /// `state` with every derived part rebuilt from the form and the child forms.
    func snapshot(of state: JoinState) -> JoinState {
        var next = state
        next.fields = definition.fields.map { fieldState($0, isEnabled: !state.isLoading) }
        next.focusOrder = focusOrder(on: state.page)
        next.depositLimit = depositLimit?.state(render: render)
        next.address = address
        next.progress = Self.progress(of: next.fields)
        return next
    }

    /// `state` with only the fields `names` (and progress) rebuilt: what a
    /// keystroke in a plain field changes, so typing does not rebuild the
    /// whole form's state.
    func snapshot(of state: JoinState, changing names: [FieldName]) -> JoinState {
        var next = state
        for name in names {
            guard let index = next.fields.firstIndex(where: { $0.name == name }) else { continue }
            next.fields[index] = fieldState(definition.fields[index], isEnabled: !state.isLoading)
        }
        next.progress = Self.progress(of: next.fields)
        return next
    }

    private static func progress(of fields: [JoinFieldState]) -> Double {
        var required = 0, valid = 0
        for field in fields where field.traits.isRequired {
            required += 1
            if field.status.isValid { valid += 1 }
        }
        return required == 0 ? 1 : Double(valid) / Double(required)
    }

    private func fieldState(_ definition: FieldDefinition, isEnabled: Bool) -> JoinFieldState {
        let name = definition.name
        let traits = traits[name] ?? definition.traits(in: region)
        let value: JoinFieldValue
        let status: FieldStatus
        switch definition.inputType {
        case .depositLimit:
            value = .composite
            status = depositLimit?.status ?? .unknown
        case .address:
            value = .composite
            status = addressStatus
        case .checkbox:
            value = .tick(form.field(FieldKey<Bool>(name))?.value ?? false)
            status = form.status(of: name) ?? .unknown
        case .tel, .password, .email, .select, .date, .text:
            value = .text(form.field(FieldKey<String>(name))?.value ?? "")
            status = form.status(of: name) ?? .unknown
        }
        return JoinFieldState(name: name, inputType: definition.inputType, traits: traits, options: definition.options,
                              value: value, displayValue: displayValue(of: definition, value: value, secure: traits.isSecure),
                              status: status, messages: status.violations.map(render),
                              isValidating: form.isValidating(name), isEnabled: isEnabled)
    }

    private func displayValue(of definition: FieldDefinition, value: JoinFieldValue, secure: Bool) -> String {
        switch value {
        case .text(let text): return secure ? String(repeating: "•", count: text.count) : text
        case .tick: return ""
        case .composite:
            guard definition.inputType == .address, let address else { return "" }
            return address.mode == .manual ? address.address?.singleLine ?? "" : address.searchText
        }
    }
}
