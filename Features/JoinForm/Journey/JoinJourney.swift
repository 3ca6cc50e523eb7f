import AddressLookupFeature
import LiveryCore

/// The join form's logic as a value: intents in, ``JoinState`` out, and the
/// async work each change asks for as effects.
///
/// It owns a Core `Form` built from a ``FormDefinition`` for the plain
/// fields; the composite fields' children — the address lookup and the
/// deposit limit — are values inside ``state``, driven here like scoped
/// children. Side effects go only through the runtime's services: username
/// checks and client creation through the account backend, address searches
/// through the address service, analytics through the pipeline, the
/// `login-native` flag through the flag service; time only through the
/// runtime's clock.
///
/// A head holds it in a ``JoinFormStore`` (`Runtime/joinForm()`), which
/// applies intents synchronously and runs the effects. An intent no person
/// could make on the form as shown is ignored (``JoinState/unreachable(by:)``):
/// while the journey is loading or an alert is shown only the alert and
/// route intents are taken, so the app bar and everything outside the form
/// stay usable; an input on another page, disabled or hidden takes nothing.
public struct JoinJourney: StateMachine {
    /// What a head draws.
    public internal(set) var state: JoinState

    var model: JoinFormModel
    let brand: BrandID
    let services: RuntimeServices
    let settings: JoinFormSettings
    /// The address field's lookup logic, when the form has an `Address` field.
    let addressLookup: AddressLookup?
    /// The continue walk under way: the fields to walk and how far it got.
    var walk: ContinueWalk?
    /// A fingerprint of the last registration sent (not its values) and its
    /// idempotency key, so a retry of the same details reuses the key.
    var lastRegistration: (fingerprint: Int, key: String)?
    /// The effects the step being applied asks for; handed to the driver at its end.
    var outbox: [Effect<JoinFeedback>] = []

    static let signUpID: EffectID = "signUp"
    static let addressScope = "address"

    /// A journey over `definition` for the runtime's brand, market and services.
    public init(definition: FormDefinition, runtime: Runtime) {
        let settings = runtime.settings[JoinFormSettings.Key.self]
        let services = runtime.services
        let messages = runtime.messages(defaults: settings.messages)
        model = JoinFormModel(
            definition: definition,
            environment: RuleEnvironment(
                market: runtime.market, wallClock: services.wallClock, accounts: services.backend,
                brand: runtime.manifest.id),
            render: messages.message(for:))
        addressLookup = model.addressName == nil ? nil : runtime.addressLookupLogic()
        brand = runtime.manifest.id
        self.services = services
        self.settings = settings
        state = model.initialState()
    }

    /// Applies `intent`; see the type's documentation.
    public mutating func send(_ intent: JoinIntent) -> [Effect<JoinFeedback>] {
        switch intent {
        case .alertAction(let role): chooseAlertAction(role)
        case .dismissAlert: dismissAlert()
        case .routeHandled: state.route = nil
        case .change(.field(let name), let text) where name != model.addressName:
            // A keystroke in a plain field changes that field and the ones reading it, nothing else.
            guard state.unreachable(by: intent) == nil else { break }
            change(.field(name), to: text)
            model.refresh(&state, changing: name)
            return takeEffects()
        default:
            guard state.unreachable(by: intent) == nil else { break }
            perform(intent)
        }
        publish()
        return takeEffects()
    }

    /// Applies the outcome of a check, an address search or retrieval, or client creation.
    public mutating func receive(_ feedback: JoinFeedback) -> [Effect<JoinFeedback>] {
        switch feedback.kind {
        case .checked(let outcome):
            apply(model.form.complete(outcome))
            advanceWalk()
        case .address(let child):
            guard let addressLookup, state.address != nil else { break }
            schedule(addressLookup.receive(child, into: &state.address!))
            advanceWalk()
        case .signedUp(let result):
            finishSignUp(result)
        }
        publish()
        return takeEffects()
    }

    private mutating func perform(_ intent: JoinIntent) {
        switch intent {
        case .focus(let input): moveFocus(to: input)
        case .unfocus: moveFocus(to: nil)
        case .change(let input, let text): change(input, to: text)
        case .toggle(let name): toggle(name)
        case .next: focusNext()
        case .continue: startContinue()
        case .back: goBack()
        case .address(let action):
            track(.addressAction, ["action": .string(Self.name(of: action))])
            sendToAddress(action)
            keepFocusInAddress()
        case .chooseDepositLimit(let decision): chooseDepositLimit(decision)
        case .open(let link): open(link)
        case .alertAction, .dismissAlert, .routeHandled: break
        }
    }

    // MARK: Editing

    /// Stores typed text (formatted and limited by the field's traits). A
    /// choice in a drop-down, which never holds focus, is checked at once.
    private mutating func change(_ input: InputID, to text: String) {
        if input.field == model.addressName {
            switch input {
            case .field: sendToAddress(.typeText(text))
            case .child(_, let key):
                if let child = AddressPart(rawValue: key) { sendToAddress(.changeManual(child, text)) }
            }
        } else {
            switch input {
            case .field(let name):
                guard let traits = model.traits[name], let inputType = model.inputTypes[name], !inputType.holdsTick,
                    !inputType.isComposite
                else { return }
                var formatted = traits.format.format(text, market: model.market)
                // No more characters than bytes: most text is within the limit without counting characters.
                if let limit = traits.inputLimit, formatted.utf8.count > limit, formatted.count > limit {
                    formatted = String(formatted.prefix(limit))
                }
                if model.form.isValidating(name) { outbox.append(.cancel(Self.checkID(name))) }
                apply(model.form.setValue(formatted, for: FieldKey<String>(name)))
            case .child(let parent, let key):
                if parent == model.depositLimitName { state.depositLimit?.change(key, to: text) }
            }
        }
        if !model.takesFocus(input) { leave(input) }
    }

    /// Ticks or unticks a tick box. It never holds focus, so, like a choice
    /// in a drop-down, it is checked at once.
    private mutating func toggle(_ name: FieldName) {
        guard model.inputTypes[name]?.holdsTick == true,
            let ticked = model.form.enteredValue(of: FieldKey<Bool>(name))
        else { return }
        apply(model.form.setValue(!ticked, for: FieldKey<Bool>(name)))
        apply(model.form.leave(name))
        track(.checkboxToggled, ["field": .string(name.rawValue), "ticked": .bool(!ticked)])
    }

    private mutating func chooseDepositLimit(_ decision: DepositLimitDecision) {
        guard state.depositLimit != nil else { return }
        state.depositLimit?.choose(decision)
        track(.depositLimitChosen, ["decision": .string(decision.rawValue)])
    }

    mutating func open(_ link: JoinLink) {
        track(.linkOpened, ["link": .string(link.rawValue)])
        if let route = link.route { state.route = route }
    }

    private mutating func goBack() {
        guard state.pageIndex > 0 else { return }
        moveFocus(to: nil)
        state.pageIndex -= 1
        track(.pageShown, ["direction": .string("back")])
    }

    // MARK: Address

    /// Runs `intent` on the address lookup inside the state, its work as the
    /// journey's own; any "required" or server error on the address clears,
    /// as on any edit.
    mutating func sendToAddress(_ intent: AddressLookupIntent) {
        guard let addressLookup, state.address != nil else { return }
        model.addressViolations = []
        schedule(addressLookup.send(intent, to: &state.address!))
    }

    private mutating func schedule(_ effects: [Effect<AddressLookupFeedback>]) {
        for effect in effects {
            outbox.append(effect.scoped(under: Self.addressScope) { JoinFeedback(kind: .address($0)) })
        }
    }

    /// After the address switched between search and manual entry, focus on
    /// the address moves to its first input in the new mode.
    private mutating func keepFocusInAddress() {
        guard let name = model.addressName, let focus = state.focus, focus.field == name, !isFocusable(focus) else {
            return
        }
        moveFocus(to: model.focusableInputs(of: name, in: state).first)
    }

    /// The name of an address action for analytics: never the suggestion's id or any text.
    /// The address action's name as analytics records it (typing is `type`).
    private static func name(of action: AddressLookupIntent) -> String {
        action.name == .typeText ? "type" : action.name.rawValue
    }

    // MARK: Form plumbing

    /// The effect name of the async check of `field`.
    static func checkID(_ field: FieldName) -> EffectID { EffectID("check/\(field.rawValue)") }

    /// Asks for the async checks `update` needs, each after its debounce on the runtime's clock.
    mutating func apply(_ update: FormUpdate) {
        let clock = services.clock
        for check in update.checks {
            outbox.append(
                .run(Self.checkID(check.field), at: clock.deadline(after: check.debounce), on: clock) {
                    JoinFeedback(kind: .checked(await check.perform()))
                })
        }
    }

    /// Sends an analytics event tagged with the page shown; never a value a person typed.
    func track(_ event: JoinEvent, _ properties: [String: AnalyticsValue] = [:]) {
        var values = properties
        values["page"] = .string(state.page.name)
        _ = services.analytics.track(
            AnalyticsEvent(event.rawValue, values).adding(
                ContextEnrichment.Key.screen,
                .string("join/\(state.page.name)")))
    }

    /// Rebuilds the derived parts of the state.
    private mutating func publish() {
        model.refresh(&state)
    }

    private mutating func takeEffects() -> [Effect<JoinFeedback>] {
        guard !outbox.isEmpty else { return [] }
        defer { outbox = [] }
        return outbox
    }
}

/// What a head holds for the join form: state read synchronously, intents
/// applied in order, checks, searches and sign-up run on its behalf (see `Store`).
public typealias JoinFormStore = Store<JoinJourney>
