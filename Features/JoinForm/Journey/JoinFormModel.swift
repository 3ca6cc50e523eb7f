import AddressLookupFeature
import LiveryCore

/// The parts of a join journey that are plain values besides its state: the
/// definition, the Core form of the plain fields, and how they and the child
/// forms in ``JoinState`` turn into what a head draws.
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
    /// The plain fields (composite fields are child forms in the state).
    var form: Form
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
        depositLimitName = definition.fields.first { $0.inputType == .depositLimit }?.name
        let addressField = definition.fields.first { $0.inputType == .address }
        addressName = addressField?.name
        addressRequired = addressField?.validate.mandatory ?? false
    }

    /// The state a journey starts in: the first page, and the child forms of
    /// the composite fields the definition has.
    func initialState() -> JoinState {
        var state = JoinState(pages: definition.pages)
        if addressName != nil { state.address = AddressLookupState(region: region) }
        if let name = depositLimitName {
            state.depositLimit = DepositLimitState(isRequired: definition.field(name)?.validate.mandatory ?? false)
        }
        return snapshot(of: state)
    }

    /// The address field's status: the lookup's (a composite is valid only
    /// when its children are), unless the walk found it missing or the service
    /// rejected it; an optional address left empty is valid.
    func addressStatus(_ address: AddressLookupState?) -> FieldStatus {
        if !addressViolations.isEmpty { return .invalid(addressViolations) }
        guard let address else { return .unknown }
        let status = address.status
        if status == .unknown, !addressRequired, address.mode == .search, address.searchText.isEmpty { return .valid }
        return status
    }

    // MARK: Focus

    /// The inputs of `page` that take focus, row by row, left to right.
    func focusOrder(on page: PageDefinition, in state: JoinState) -> [InputID] {
        page.fieldNames.flatMap { focusableInputs(of: $0, in: state) }
    }

    /// The inputs of the field `name` that take focus now, in order.
    func focusableInputs(of name: FieldName, in state: JoinState) -> [InputID] {
        guard let field = definition.field(name) else { return [] }
        switch field.inputType {
        case .depositLimit:
            guard state.depositLimit?.decision == .limited else { return [] }
            return [.child(name, DepositLimitState.amountKey)]
        case .address:
            guard let address = state.address, address.mode == .manual else { return [.field(name)] }
            return address.manualFields.filter(\.field.isFocusable).map { .child(name, $0.field.rawValue) }
        default:
            return traits[name]?.isFocusable == true ? [.field(name)] : []
        }
    }

    // MARK: State

    /// `state` with every derived part rebuilt from the form and the child forms.
    func snapshot(of state: JoinState) -> JoinState {
        var next = state
        next.depositLimit?.refresh(render: render)
        next.fields = definition.fields.map { fieldState($0, in: next) }
        next.focusOrder = focusOrder(on: state.page, in: next)
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
            next.fields[index] = fieldState(definition.fields[index], in: next)
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

    private func fieldState(_ definition: FieldDefinition, in state: JoinState) -> JoinFieldState {
        let name = definition.name
        let traits = traits[name] ?? definition.traits(in: region)
        let value: JoinFieldValue
        let status: FieldStatus
        switch definition.inputType {
        case .depositLimit:
            value = .composite
            status = state.depositLimit?.status ?? .unknown
        case .address:
            value = .composite
            status = addressStatus(state.address)
        case .checkbox:
            value = .tick(form.field(FieldKey<Bool>(name))?.value ?? false)
            status = form.status(of: name) ?? .unknown
        case .tel, .password, .email, .select, .date, .text:
            value = .text(form.field(FieldKey<String>(name))?.value ?? "")
            status = form.status(of: name) ?? .unknown
        }
        return JoinFieldState(name: name, inputType: definition.inputType, traits: traits, options: definition.options,
                              value: value, displayValue: displayValue(of: definition, value: value, secure: traits.isSecure,
                                                                       address: state.address),
                              status: status, messages: status.violations.map(render),
                              isValidating: form.isValidating(name), isEnabled: !state.isLoading)
    }

    private func displayValue(of definition: FieldDefinition, value: JoinFieldValue, secure: Bool,
                              address: AddressLookupState?) -> String {
        switch value {
        case .text(let text): return secure ? String(repeating: "•", count: text.count) : text
        case .tick: return ""
        case .composite:
            guard definition.inputType == .address, let address else { return "" }
            return address.mode == .manual ? address.address?.singleLine ?? "" : address.searchText
        }
    }
}
