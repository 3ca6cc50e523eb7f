import AddressLookupFeature
import LiveryCore

/// The join form's headless engine: intents in, ``JoinState`` out (seed 000,
/// SPEC J1–J17).
///
/// It owns a Core ``Form`` built from a ``FormDefinition`` and the child
/// forms of composite fields. Side effects go only through the runtime's
/// services: username checks and client creation through the account
/// backend, analytics through the pipeline, the `login-native` flag through
/// the flag service; time only through the runtime's clock.
///
/// ``send(_:)`` applies an intent and returns; work it starts (an async
/// username check, the continue walk, creating the client) runs on until
/// ``settle()`` returns. Intents sent while the journey is loading are
/// ignored except alert and route intents, so the app bar and everything
/// else outside the form stay usable.
public actor JoinJourney {
    /// What a head draws.
    public internal(set) var state: JoinState

    var model: JoinFormModel
    let brand: BrandID
    let services: RuntimeServices
    let settings: JoinFormSettings
    var checks = AsyncCheckRunner()
    /// The address field's lookup engine, when the form has an `Address` field.
    let addressEngine: AddressLookupEngine?
    /// The continue walk or sign-up under way.
    var work: Task<Void, Never>?
    /// A fingerprint of the last registration sent (not its values) and its
    /// idempotency key, so a retry of the same details reuses the key.
    var lastRegistration: (fingerprint: Int, key: String)?
    private let observers = Broadcast<JoinState>(bufferingNewest: 64)

    /// A journey over `definition` for the runtime's brand, region and services.
    public init(definition: FormDefinition, runtime: Runtime) {
        let settings = runtime.settings[JoinFormSettings.Key.self]
        let services = runtime.services
        let model = JoinFormModel(
            definition: definition,
            environment: RuleEnvironment(region: runtime.region, wallClock: services.wallClock, accounts: services.backend),
            render: { [runtime] violation in runtime.message(for: violation, defaults: settings.messages) })
        let relay = AddressRelay()
        var withAddress = model
        if model.addressName != nil {
            withAddress.address = .initial(in: runtime.region)
            addressEngine = AddressLookupEngine(region: runtime.region, service: services.addressLookup,
                                                clock: services.clock) { await relay.deliver($0) }
        } else {
            addressEngine = nil
        }
        self.model = withAddress
        self.brand = runtime.manifest.id
        self.services = services
        self.settings = settings
        state = withAddress.snapshot(of: JoinState(pages: definition.pages))
        relay.attach(self)
    }

    /// Every state from now on, starting with the current one.
    public func states() -> AsyncStream<JoinState> {
        observers.stream(startingWith: state)
    }

    /// Applies `intent` and returns; see the type's documentation.
    public func send(_ intent: JoinIntent) async {
        switch intent {
        case .alertAction(let role): await chooseAlertAction(role)
        case .dismissAlert: dismissAlert()
        case .routeHandled: state.route = nil
        case .change(.field(let name), let text) where name != model.addressName:
            // A keystroke in a plain field changes that field and the ones reading it, nothing else.
            guard !state.isLoading, state.alert == nil else { break }
            await change(.field(name), to: text)
            publish(changing: [name] + model.form.fields(reading: name))
            return
        default:
            guard !state.isLoading, state.alert == nil else { break }
            await perform(intent)
        }
        publish()
    }

    /// Waits until nothing the journey started is still running: async
    /// checks, the continue walk, client creation. With a ``VirtualClock``,
    /// advance it past any debounce first.
    public func settle() async {
        while true {
            if let work {
                await work.value
            } else if let check = checks.anyTask {
                await check.value
            } else {
                break
            }
        }
        if let addressEngine {
            await addressEngine.settle()
            mirrorAddress(await addressEngine.state)
        }
    }

    private func perform(_ intent: JoinIntent) async {
        switch intent {
        case .focus(let input): await moveFocus(to: input)
        case .unfocus: await moveFocus(to: nil)
        case .change(let input, let text): await change(input, to: text)
        case .toggle(let name): toggle(name)
        case .next: await focusNext()
        case .continue: await startContinue()
        case .back: await goBack()
        case .address(let action):
            track(JoinEvent.addressAction, ["action": .string(Self.name(of: action))])
            await forwardToAddress(action)
            await keepFocusInAddress()
        case .chooseDepositLimit(let decision): chooseDepositLimit(decision)
        case .open(let link): open(link)
        case .alertAction, .dismissAlert, .routeHandled: break
        }
    }

    // MARK: Editing

    /// Stores typed text (formatted and limited by the field's traits). A
    /// choice in a drop-down, which never holds focus, is checked at once.
    private func change(_ input: InputID, to text: String) async {
        if input.field == model.addressName {
            switch input {
            case .field: await forwardToAddress(.typeText(text))
            case .child(_, let key):
                if let child = ManualAddressField(rawValue: key) { await forwardToAddress(.changeManual(child, text)) }
            }
        } else {
            switch input {
            case .field(let name):
                guard let traits = model.traits[name], let field = model.definition.field(name), !field.inputType.holdsTick,
                      !field.inputType.isComposite else { return }
                var formatted = traits.format.format(text, region: model.region)
                if let limit = traits.inputLimit, formatted.count > limit { formatted = String(formatted.prefix(limit)) }
                checks.cancel(name)
                apply(model.form.setValue(formatted, for: FieldKey<String>(name)))
            case .child(let parent, let key):
                if parent == model.depositLimitName { model.depositLimit?.change(key, to: text) }
            }
        }
        if !takesFocus(input) { await leave(input) }
    }

    private func toggle(_ name: FieldName) {
        guard model.definition.field(name)?.inputType.holdsTick == true,
              let ticked = model.form.field(FieldKey<Bool>(name))?.value else { return }
        apply(model.form.setValue(!ticked, for: FieldKey<Bool>(name)))
        track(JoinEvent.checkboxToggled, ["field": .string(name.rawValue), "ticked": .bool(!ticked)])
    }

    private func chooseDepositLimit(_ decision: DepositLimitDecision) {
        guard model.depositLimit != nil else { return }
        model.depositLimit?.choose(decision)
        track(JoinEvent.depositLimitChosen, ["decision": .string(decision.rawValue)])
    }

    func open(_ link: JoinLink) {
        track(JoinEvent.linkOpened, ["link": .string(link.rawValue)])
        if let route = link.route { state.route = route }
    }

    private func goBack() async {
        guard state.pageIndex > 0 else { return }
        await moveFocus(to: nil)
        state.pageIndex -= 1
        track(JoinEvent.pageShown, ["direction": .string("back")])
    }

    // MARK: Address

    /// Sends `intent` to the address engine and mirrors its new state; any
    /// "required" or server error on the address clears, as on any edit.
    func forwardToAddress(_ intent: AddressLookupIntent) async {
        guard let addressEngine else { return }
        model.addressViolations = []
        await addressEngine.send(intent)
        model.address = await addressEngine.state
    }

    /// After the address switched between search and manual entry, focus on
    /// the address moves to its first input in the new mode.
    private func keepFocusInAddress() async {
        guard let name = model.addressName, let focus = state.focus, focus.field == name, !isFocusable(focus) else { return }
        await moveFocus(to: model.focusableInputs(of: name).first)
    }

    /// Takes the address engine's latest state into the journey's.
    func mirrorAddress(_ address: AddressLookupState) {
        guard model.addressName != nil, model.address != address else { return }
        model.address = address
        publish()
    }

    /// The name of an address action for analytics: never the suggestion's id or any text.
    private static func name(of action: AddressLookupIntent) -> String {
        switch action {
        case .typeText: "type"
        case .submit: "submit"
        case .select: "select"
        case .enterManually: "enterManually"
        case .backToSearch: "backToSearch"
        case .tapBackground: "tapBackground"
        case .clear: "clear"
        case .changeManual: "changeManual"
        case .leaveManual: "leaveManual"
        case .validateManual: "validateManual"
        }
    }

    // MARK: Form plumbing

    /// Starts the async checks `update` asks for.
    func apply(_ update: FormUpdate) {
        checks.start(update.checks, on: services.clock) { outcome in
            await self.finish(outcome)
        }
    }

    private func finish(_ outcome: AsyncCheckOutcome) {
        checks.finished(outcome)
        apply(model.form.complete(outcome))
        publish()
    }

    /// Sends an analytics event tagged with the page shown; never a value a person typed.
    func track(_ name: String, _ properties: [String: AnalyticsValue] = [:]) {
        var values = properties
        values["page"] = .string(state.page.name)
        _ = services.analytics.track(AnalyticsEvent(name, values).adding(ContextEnrichment.Key.screen,
                                                                         .string("join/\(state.page.name)")))
    }

    /// Rebuilds the derived parts of the state and tells every observer.
    func publish() {
        state = model.snapshot(of: state)
        observers.yield(state)
    }

    /// Rebuilds the state of the fields `names` only and tells every observer.
    private func publish(changing names: [FieldName]) {
        state = model.snapshot(of: state, changing: names)
        observers.yield(state)
    }


    deinit {
        checks.cancelAll()
        work?.cancel()
    }
}
