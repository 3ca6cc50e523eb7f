import AddressLookupFeature
import LiveryCore

/// The parts of a join journey that are plain values besides its state: the
/// definition, the Core form of the plain fields, and how they and the child
/// forms in ``JoinState`` turn into what a head draws.
struct JoinFormModel: Sendable {
    let definition: FormDefinition
    let market: Market
    /// Each field's traits and input type, looked up on every keystroke.
    let traits: FieldLookup<FieldTraits>
    let inputTypes: FieldLookup<InputType>
    let render: @Sendable (RuleViolation) -> String
    /// The name of the deposit-limit field, if the form has one.
    let depositLimitName: FieldName?
    /// The name of the address field, if the form has one.
    let addressName: FieldName?
    /// Whether the address is required.
    let addressRequired: Bool
    /// The plain fields (composite fields are child forms in the state).
    var form: Form
    /// The definition's field names, in form order.
    let fieldNames: [FieldName]
    /// Where each of the definition's fields sits in ``form``, by its index in
    /// the definition; `nil` for composite fields.
    let formPositions: [Int?]
    /// Violations the address carries until it is next changed: "required"
    /// from the continue walk, or details the account service rejected.
    var addressViolations: [RuleViolation] = []

    static let addressRequiredViolation = RuleViolation(
        code: .required, template: "Search for your address, or enter it manually.")
    static let addressNotChosenViolation = RuleViolation(
        code: "address.notChosen", template: "Choose your address from the list, or enter it manually.")

    /// Why an address searched for but not yet decided cannot be accepted:
    /// nothing typed (when an address is required), or text typed and no
    /// address chosen for it. `nil` when there is nothing to say yet: an
    /// address chosen, its details on their way, a failed retrieval, manual
    /// entry (its children speak), or an optional address left empty.
    func undecidedAddressViolation(_ address: AddressLookupState?) -> RuleViolation? {
        guard let address, address.mode == .search, address.status == .unknown, !address.isRetrieving else {
            return nil
        }
        if !AddressLookup.query(from: address.searchText).isEmpty { return Self.addressNotChosenViolation }
        return addressRequired ? Self.addressRequiredViolation : nil
    }

    init(
        definition: FormDefinition, environment: RuleEnvironment, render: @escaping @Sendable (RuleViolation) -> String
    ) {
        self.definition = definition
        self.market = environment.market
        self.traits = FieldLookup(definition.fields.map { ($0.name, $0.traits(in: environment.market)) })
        self.inputTypes = FieldLookup(definition.fields.map { ($0.name, $0.inputType) })
        self.render = render
        self.form = definition.makeForm(in: environment)
        self.fieldNames = definition.fields.map(\.name)
        self.formPositions = definition.fields.map { [form] in form.position(of: $0.name) }
        depositLimitName = definition.fields.first { $0.inputType == .depositLimit }?.name
        let addressField = definition.fields.first { $0.inputType == .address }
        addressName = addressField?.name
        addressRequired = addressField?.validate.mandatory ?? false
    }

    /// The state a journey starts in: the first page, and the child forms of
    /// the composite fields the definition has.
    func initialState() -> JoinState {
        var state = JoinState(pages: definition.pages)
        if addressName != nil { state.address = AddressLookupState(market: market) }
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

    /// Whether `input` is a kind of input that holds focus (text), rather
    /// than a drop-down, wherever it is. (Asked of the model, not the
    /// journey: a journey's method here would copy the whole journey on every keystroke.)
    func takesFocus(_ input: InputID) -> Bool {
        switch input {
        case .field(let name):
            return traits[name]?.isFocusable ?? false
        case .child(let parent, let key):
            if parent == addressName { return AddressPart(rawValue: key)?.isFocusable(in: market) ?? false }
            return key == DepositLimitState.amountKey
        }
    }

    /// The inputs of `page` that take focus, row by row, left to right.
    func focusOrder(on page: PageDefinition, in state: JoinState) -> [InputID] {
        var order: [InputID] = []
        for name in page.rows.joined() { appendFocusableInputs(of: name, in: state, to: &order) }
        return order
    }

    /// The inputs of the field `name` that take focus now, in order.
    func focusableInputs(of name: FieldName, in state: JoinState) -> [InputID] {
        var inputs: [InputID] = []
        appendFocusableInputs(of: name, in: state, to: &inputs)
        return inputs
    }

    private func appendFocusableInputs(of name: FieldName, in state: JoinState, to inputs: inout [InputID]) {
        guard let inputType = inputTypes[name] else { return }
        switch inputType {
        case .depositLimit:
            if state.depositLimit?.decision == .limited { inputs.append(.child(name, DepositLimitState.amountKey)) }
        case .address:
            guard let address = state.address, address.mode == .manual else { return inputs.append(.field(name)) }
            for child in address.manualFields where child.field.isFocusable(in: market) {
                inputs.append(.child(name, child.field.rawValue))
            }
        default:
            if traits[name]?.isFocusable == true { inputs.append(.field(name)) }
        }
    }

    // MARK: State

    /// `state` with every derived part rebuilt from the form and the child forms.
    func snapshot(of state: JoinState) -> JoinState {
        var next = state
        refresh(&next)
        return next
    }

    /// Rebuilds every derived part of `state` from the form and the child
    /// forms. Each field's drawn state is brought up to date in place: the
    /// parts that never change (name, traits, options) stay as they are, and
    /// a masked text or rendered messages are made again only when the value
    /// or the status changed.
    func refresh(_ state: inout JoinState) {
        state.depositLimit?.refresh(render: render)
        let surroundings = Surroundings(state)
        if state.fields.lazy.map(\.name).elementsEqual(fieldNames) {
            for index in state.fields.indices { update(&state.fields[index], at: index, in: surroundings) }
        } else {
            state.fields = fieldNames.indices.map { fieldState(at: $0, in: surroundings) }
        }
        state.focusOrder = focusOrder(on: state.page, in: state)
        state.progress = Self.progress(of: state.fields)
    }

    /// Rebuilds the field `name`, the fields that read it, and progress, in
    /// place: what a keystroke in a plain field changes, so typing neither
    /// rebuilds nor copies the whole form's state.
    func refresh(_ state: inout JoinState, changing name: FieldName) {
        refreshField(name, in: &state)
        for reader in form.fields(reading: name) { refreshField(reader, in: &state) }
        state.progress = Self.progress(of: state.fields)
    }

    private func refreshField(_ name: FieldName, in state: inout JoinState) {
        guard let index = state.fields.firstIndex(where: { $0.name == name }) else { return }
        // A plain field reads nothing of the child forms: they are not copied for it. Read before the field is
        // changed in place, so the state itself is not copied for the read either.
        let surroundings = Surroundings(state, withChildren: formPositions[index] == nil)
        update(&state.fields[index], at: index, in: surroundings)
    }

    private static func progress(of fields: [JoinFieldState]) -> Double {
        var required = 0
        var valid = 0
        for field in fields where field.traits.isRequired {
            required += 1
            if field.status.isValid { valid += 1 }
        }
        return required == 0 ? 1 : Double(valid) / Double(required)
    }

    /// What a field's drawn state reads of the journey's state besides the
    /// form: taken apart once, so that rebuilding a field never copies the
    /// whole state.
    private struct Surroundings {
        let address: AddressLookupState?
        let depositLimit: DepositLimitState?
        let isLoading: Bool

        init(_ state: borrowing JoinState, withChildren: Bool = true) {
            address = withChildren ? state.address : nil
            depositLimit = withChildren ? state.depositLimit : nil
            isLoading = state.isLoading
        }
    }

    /// What a head draws for the field at `index` of the definition, made afresh.
    private func fieldState(at index: Int, in state: Surroundings) -> JoinFieldState {
        let definition = definition.fields[index]
        var field = JoinFieldState(
            name: definition.name, inputType: definition.inputType,
            traits: traits[definition.name] ?? definition.traits(in: market),
            options: definition.options, value: .composite, displayValue: "", status: .unknown)
        update(&field, at: index, in: state, fresh: true)
        return field
    }

    /// Brings `field` (the definition's field at `index`) up to date with the
    /// form and the child forms. The masked or formatted text is made again
    /// only when the value changed, the messages only when the status did, so
    /// an intent that leaves a field as it was renders nothing for it.
    private func update(_ field: inout JoinFieldState, at index: Int, in state: Surroundings, fresh: Bool = false) {
        let value: JoinFieldValue
        let status: FieldStatus
        var isValidating = false
        switch field.inputType {
        case .depositLimit:
            value = .composite
            status = state.depositLimit?.status ?? .unknown
        case .address:
            value = .composite
            status = addressStatus(state.address)
        case .checkbox, .tel, .password, .email, .select, .date, .text:
            guard let position = formPositions[index] else {
                preconditionFailure("a plain field missing from the form")
            }
            value =
                field.inputType == .checkbox
                ? .tick(form.enteredValue(at: position, as: Bool.self) ?? false)
                : .text(form.enteredValue(at: position, as: String.self) ?? "")
            status = form.status(at: position)
            isValidating = form.isValidating(at: position)
        }
        if fresh || field.value != value || field.inputType == .address {
            field.displayValue = displayValue(
                of: field.inputType, value: value, secure: field.traits.isSecure, address: state.address)
            field.value = value
        }
        if fresh || field.status != status {
            field.messages = status.violations.map(render)
            field.status = status
        }
        field.isValidating = isValidating
        field.isEnabled = !state.isLoading
    }

    private func displayValue(
        of inputType: InputType, value: JoinFieldValue, secure: Bool,
        address: AddressLookupState?
    ) -> String {
        switch value {
        case .text(let text): return secure ? String(repeating: "•", count: text.count) : text
        case .tick: return ""
        case .composite:
            guard inputType == .address, let address else { return "" }
            return address.mode == .manual ? address.address?.singleLine ?? "" : address.searchText
        }
    }
}
