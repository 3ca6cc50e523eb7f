import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// One page's session: a brand's runtime assembled through the composition
/// root, the join form's and the app bar's stores, the world the side panel
/// changes, and the recorder. It turns each message from the page into an
/// intent or a change of the world, and publishes a ``Screen`` whenever what
/// the page draws changes. Time flows as on a phone: a ticker moves the
/// runtime's clock on with the wall clock.
@MainActor
final class PreviewSession {
    /// The session's id, unique in this server.
    let id: String
    /// The brand's id.
    let brand: String
    /// The screens to send, newest last (JSON text).
    let screens: AsyncStream<String>

    private let composition: Composition
    private let backend: HTTPServiceConfiguration?
    private let scenarioFolder: URL
    private let output: AsyncStream<String>.Continuation
    private var world: EmbeddedWorld
    private var join: JoinFormStore
    private var bar: AppBarStore
    private var watchers: [Task<Void, Never>] = []
    private var ticker: Task<Void, Never>?
    private var recorder: ScenarioRecorder?
    private var savedFile: String?
    private var lastSent: Screen?
    /// The stores' states the last screen was made of: a store publishing the
    /// same state again (the page's own intent, already sent) costs no screen.
    private var sentStates: (join: JoinState, bar: AppBarState)?
    /// The sections last made, with the state each was made from.
    private var drawnJoin: (state: JoinState, section: Screen.Join)?
    private var drawnBar: (state: AppBarState, section: Screen.Bar)?
    private var drawnPanel: (inputs: PanelInputs, section: Screen.Panel)?
    /// The brand's locale, for amounts, and its flag defaults, read once.
    private lazy var locale = Locale(
        identifier: (try? composition.registry.plugin(named: brand).manifest.locale) ?? "en-AU")
    private lazy var flagDefaults = (try? composition.registry.plugin(named: brand).featureFlagDefaults) ?? [:]
    /// The analytics events as the page lists them, made again only when one was sent.
    private var listedEvents: (count: Int, events: [Screen.Event]) = (-1, [])
    private var lastStepAt = Duration.zero
    private var workAtLastStep = false

    /// Opens a session for `brand`: its runtime on embedded services, or on a server at `backend`.
    /// - Throws: ``CompositionError`` or ``DefinitionError`` when the runtime cannot be assembled.
    static func open(
        id: String, brand: String, composition: Composition, backend: HTTPServiceConfiguration?,
        scenarioFolder: URL
    ) async throws -> PreviewSession {
        let world = EmbeddedWorld()
        let (join, bar) = try await assemble(brand, composition: composition, backend: backend, world: world)
        return PreviewSession(
            id: id, brand: brand, composition: composition, backend: backend, scenarioFolder: scenarioFolder,
            world: world, join: join, bar: bar)
    }

    private init(
        id: String, brand: String, composition: Composition, backend: HTTPServiceConfiguration?, scenarioFolder: URL,
        world: EmbeddedWorld, join: JoinFormStore, bar: AppBarStore
    ) {
        self.id = id
        self.brand = brand
        self.composition = composition
        self.backend = backend
        self.scenarioFolder = scenarioFolder
        self.world = world
        self.join = join
        self.bar = bar
        (screens, output) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        watch()
        startTicker()
        publish()
    }

    private static func assemble(
        _ brand: String, composition: Composition, backend: HTTPServiceConfiguration?,
        world: EmbeddedWorld
    ) async throws -> (JoinFormStore, AppBarStore) {
        let services: ServiceSet = backend.map { .live(LiveServices.server($0, driving: world)) } ?? .embedded(world)
        let runtime = try await composition.assemble(brand, on: services).runtime
        let join = try runtime.joinForm()
        let bar = runtime.appBar(options: AppBarOptions(screen: "preview"))
        bar.send(.appeared)
        return (join, bar)
    }

    /// Stops the clock and every watcher; the page has gone.
    func close() {
        ticker?.cancel()
        for watcher in watchers { watcher.cancel() }
        output.finish()
    }

    /// The screen the page draws now.
    var screen: Screen {
        let recorded =
            recorder.map { recorder in
                Screen.RecorderState(
                    recording: true, steps: recorder.count, text: recorder.file(title: "Recorded in the preview"),
                    saved: savedFile)
            } ?? Screen.RecorderState(recording: false, steps: 0, text: "", saved: savedFile)
        let count = world.analytics.count
        if listedEvents.count != count { listedEvents = (count, Screen.events(of: world)) }
        // Each section is made again only when what it shows changed: a keystroke remakes the form alone.
        let joinState = join.state
        if drawnJoin?.state != joinState { drawnJoin = (joinState, Screen.Join(joinState)) }
        let barState = bar.state
        if drawnBar?.state != barState { drawnBar = (barState, Screen.Bar(barState, locale: locale)) }
        let inputs = PanelInputs(world)
        if drawnPanel?.inputs != inputs {
            drawnPanel = (inputs, Screen.Panel(world: world, flagDefaults: flagDefaults, backend: backend))
        }
        return Screen(
            session: id, brand: brand, join: drawnJoin?.section ?? Screen.Join(joinState),
            appBar: drawnBar?.section ?? Screen.Bar(barState, locale: locale),
            panel: drawnPanel?.section ?? Screen.Panel(world: world, flagDefaults: flagDefaults, backend: backend),
            events: listedEvents.events, recorder: recorded)
    }

    /// What the side panel shows, to tell when it changed.
    private struct PanelInputs: Equatable {
        let session: ClientSession
        let betslip: Int
        let flags: [FeatureFlag: Bool]
        let faults: [String]

        init(_ world: EmbeddedWorld) {
            session = world.session.latest
            betslip = world.betslip.latestCount
            flags = world.flags.snapshot
            faults = world.faults.plan.specs
        }
    }

    // MARK: Messages

    /// Applies the page's message `text`; returns an error to show, or `nil`.
    func handle(_ text: String) async -> String? {
        let message: PreviewMessage
        do {
            message = try PreviewMessage.read(text)
        } catch {
            return error.description
        }
        if let problem = check(message) { return problem }
        let step = recorder == nil ? nil : self.step(for: message)
        if step != nil, let wait = pendingWait() { recorder?.add(wait) }
        switch message {
        case .join(let intent):
            if case .change(let input, let value) = intent, let step, case .typed(let verb, let secure) = step {
                recorder?.typed(value, into: input.description, verb: verb, secure: secure)
            } else if case .line(let line)? = step {
                recorder?.add(line)
            }
            join.send(intent)
        case .signUp:
            if case .line(let line)? = step { recorder?.add(line) }
            join.send(.continue)
        case .selectAddress(let position):
            guard let suggestion = join.state.address?.suggestions.dropFirst(position - 1).first else {
                return "there is no suggestion \(position)"
            }
            if case .line(let line)? = step { recorder?.add(line) }
            join.send(.address(.select(id: suggestion.id)))
        case .appBar(let intent):
            if case .line(let line)? = step { recorder?.add(line) }
            bar.send(intent)
        case .signIn(let balance, let pendingBets, let promotions):
            if case .line(let line)? = step { recorder?.add(line) }
            world.session.signIn(
                ClientDetails(balance: balance, pendingBetsCount: pendingBets, promotionsBalance: promotions))
        case .signOut:
            if case .line(let line)? = step { recorder?.add(line) }
            world.session.signOut()
        case .betslip(let count):
            if case .line(let line)? = step { recorder?.add(line) }
            world.betslip.set(count)
        case .flag(let flag, let on):
            if case .line(let line)? = step { recorder?.add(line) }
            world.flags.set(flag, on)
        case .faults(let specs):
            do {
                world.faults.plan = try FaultPlan.parse(faults: specs)
            } catch {
                return "\(error)"
            }
            if case .line(let line)? = step { recorder?.add(line) }
        case .record(let on):
            savedFile = nil
            if on { try? await startRecording() } else { recorder = nil }
        case .mark:
            recorder?.expect(expectation())
        case .save(let name):
            if let problem = save(as: name) { return problem }
        case .reset:
            recorder = nil
            try? await rebuild()
        }
        noteSecrets()
        lastStepAt = world.clock.now.offset
        workAtLastStep = join.hasPendingWork || bar.hasPendingWork
        publish()
        return nil
    }

    /// Why `message` cannot be applied now, if it cannot.
    private func check(_ message: PreviewMessage) -> String? {
        switch message {
        case .join(.focus(let input)), .join(.change(let input, _)):
            let known = knownInputs
            guard known.contains(input.description) else {
                return "unknown input '\(input)'\(NameSuggestion.hint(for: input.description, in: known))"
            }
        case .join(.toggle(let field)):
            guard join.state.field(field)?.inputType == .checkbox else { return "'\(field)' is not a tick box" }
        case .appBar(.tap(let item)):
            let shown = bar.state.layout.items.map(\.id.rawValue)
            guard shown.contains(item.rawValue) else {
                let hint = NameSuggestion.hint(for: item.rawValue, in: shown)
                return "the app bar shows no item '\(item)'\(hint); it shows \(shown.joined(separator: ", "))"
            }
        case .signUp:
            guard join.state.callToAction.purpose == .signUp else {
                return "the call to action is continue, not sign-up"
            }
        case .faults where backend != nil:
            return "faults are the server's when previewing against one (start the sandbox with --fault)"
        case .save, .mark:
            guard recorder != nil else { return "start recording first" }
        default:
            break
        }
        return nil
    }

    /// Every input id of the form now: fields and the children shown.
    private var knownInputs: [String] {
        let state = join.state
        var ids = state.fields.map(\.name.rawValue)
        if let field = state.fields.first(where: { $0.inputType == .address }), let lookup = state.address {
            ids += lookup.manualFields.map { "\(field.name).\($0.field.rawValue)" }
        }
        if let field = state.fields.first(where: { $0.inputType == .depositLimit }), let limit = state.depositLimit {
            ids += limit.visibleChildren.map { "\(field.name).\($0.key)" }
        }
        return ids
    }

    // MARK: Recording

    private enum Step {
        case line(String)
        case typed(verb: String, secure: Bool)
    }

    /// The scenario step `message` is, in the documented vocabulary.
    private func step(for message: PreviewMessage) -> Step? {
        switch message {
        case .join(let intent):
            switch intent {
            case .focus(let input): return .line("focus: \(ScenarioRecorder.scalar(input.description))")
            case .change(let input, _):
                let state = join.state
                if case .field(let name) = input, let field = state.field(name) {
                    if field.inputType == .address { return .typed(verb: "searchAddress", secure: false) }
                    return .typed(verb: field.options == nil ? "type" : "choose", secure: field.traits.isSecure)
                }
                let children =
                    (state.address?.manualFields.map {
                        (
                            "\(state.fields.first { $0.inputType == .address }?.name.rawValue ?? "address").\($0.field.rawValue)",
                            $0.options
                        )
                    } ?? [])
                    + (state.depositLimit?.visibleChildren.map {
                        (
                            "\(state.fields.first { $0.inputType == .depositLimit }?.name.rawValue ?? "depositLimit").\($0.key)",
                            $0.options
                        )
                    } ?? [])
                let options = children.first { $0.0 == input.description }?.1
                return .typed(verb: options == nil ? "type" : "choose", secure: false)
            case .unfocus: return .line("unfocus")
            case .next: return .line("next")
            case .toggle(let field): return .line("toggle: \(ScenarioRecorder.scalar(field.rawValue))")
            case .continue: return .line(join.state.callToAction.purpose == .signUp ? "tap: signUp" : "tap: continue")
            case .back: return .line("tap: back")
            case .chooseDepositLimit(let decision): return .line("depositLimit: \(decision.rawValue)")
            case .address(let action):
                switch action {
                case .submit: return .line("submitAddress")
                case .enterManually: return .line("enterAddressManually")
                case .backToSearch: return .line("backToAddressSearch")
                case .clear: return .line("clearAddress")
                case .tapBackground: return .line("closeAddressList")
                default: return nil
                }
            case .open(let link): return .line("open: \(link.rawValue)")
            case .alertAction(let role): return .line("alert: \(role.rawValue)")
            case .dismissAlert: return .line("dismissAlert")
            case .routeHandled: return .line("routeHandled")
            }
        case .signUp: return .line("tap: signUp")
        case .selectAddress(let position): return .line("selectAddress: \(position)")
        case .appBar(.tap(let item)): return .line("tapAppBar: \(ScenarioRecorder.scalar(item.rawValue))")
        case .appBar(let intent):
            let names: [AppBarIntent: String] = [
                .appeared: "appeared", .disappeared: "disappeared",
                .userTrayDismissed: "userTrayDismissed", .lockerDismissed: "lockerDismissed",
                .routeHandled: "routeHandled",
            ]
            return names[intent].map { .line("appBar: \($0)") }
        case .signIn(let balance, let pendingBets, let promotions):
            return .line(
                "signIn: { balance: \(balance), pendingBets: \(pendingBets), promotionsBalance: \(promotions) }")
        case .signOut: return .line("signOut")
        case .betslip(let count): return .line("betslip: \(count)")
        case .flag(let flag, let on): return .line("flag: { \(ScenarioRecorder.scalar(flag.rawValue)): \(on) }")
        case .faults(let specs):
            return .line("faults: [" + specs.map(ScenarioRecorder.quoted).joined(separator: ", ") + "]")
        case .record, .mark, .save, .reset: return nil
        }
    }

    /// A `wait` step for the time that passed while engines had work waiting on the clock.
    private func pendingWait() -> String? {
        let elapsed = world.clock.now.offset - lastStepAt
        guard workAtLastStep, elapsed >= .milliseconds(1) else { return nil }
        return "wait: \(Int((elapsed / .milliseconds(1)).rounded(.up)))ms"
    }

    /// Notes, for each password field, whether its text was accepted.
    private func noteSecrets() {
        guard recorder != nil else { return }
        for field in join.state.fields where field.traits.isSecure {
            switch field.status {
            case .valid: recorder?.secret(field.name.rawValue, accepted: true)
            case .invalid, .error: recorder?.secret(field.name.rawValue, accepted: false)
            case .unknown: break
            }
        }
    }

    /// The `expect` of what the page shows now.
    private func expectation() -> [String] {
        let state = join.state
        let fields = state.page.fieldNames.compactMap { state.field($0) }
            .map { "\(ScenarioRecorder.scalar($0.name.rawValue)): \($0.status.kind.rawValue)" }.joined(separator: ", ")
        return [
            "page: \(ScenarioRecorder.scalar(state.page.name))",
            "focus: \(state.focus.map { ScenarioRecorder.scalar($0.description) } ?? "none")",
            "progress: \(Int((state.progress * 100).rounded()))%",
            "callToAction: \(state.callToAction.purpose.rawValue)",
            "loading: \(state.isLoading)",
            "alert: \(state.alert?.kind.rawValue ?? "none")",
            "route: \(state.route?.name ?? "none")",
            "field: { \(fields) }",
            "appBar: { signedIn: \(bar.state.isSignedIn), betslip: \(bar.state.betslipCounter?.value ?? 0) }",
        ]
    }

    /// Starts recording from a fresh journey in the world the panel set: the
    /// session, betslip, flags and faults become the file's `given:`.
    private func startRecording() async throws {
        var given: [String] = []
        if case .signedIn(let details) = world.session.latest {
            given.append(
                "signedIn: { balance: \(details.balance), pendingBets: \(details.pendingBetsCount), promotionsBalance: \(details.promotionsBalance) }"
            )
        }
        if world.betslip.latestCount != 0 { given.append("betslip: \(world.betslip.latestCount)") }
        let flags = world.flags.snapshot.sorted { $0.key < $1.key }
        if !flags.isEmpty {
            given.append(
                "flags: { "
                    + flags.map { "\(ScenarioRecorder.scalar($0.key.rawValue)): \($0.value)" }.joined(separator: ", ")
                    + " }")
        }
        if !world.faults.plan.isEmpty {
            given.append(
                "faults: [" + world.faults.plan.specs.map(ScenarioRecorder.quoted).joined(separator: ", ") + "]")
        }
        try await rebuild()
        recorder = ScenarioRecorder(given: given)
    }

    /// Writes the recording to `<scenario folder>/<brand>/<name>`, never over a file.
    private func save(as name: String) -> String? {
        guard let recorder else { return "start recording first" }
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_.".unicodeScalars.contains($0)
        }
        guard allowed, name.count <= 80, !name.hasPrefix("."), !name.contains(".."), name.hasSuffix(".yaml") else {
            return
                "a scenario file name is letters, digits, - and _, ending .yaml (e.g. 30-recorded.yaml), not '\(name)'"
        }
        let folder = scenarioFolder.appendingPathComponent(brand)
        let file = folder.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: file.path) else {
            return "\(file.path) exists already; choose another name"
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(recorder.file(title: "Recorded: \(name.dropLast(".yaml".count))").utf8).write(
                to: file, options: .withoutOverwriting)
        } catch {
            return "cannot write \(file.path): \(error.localizedDescription)"
        }
        savedFile = file.path
        return nil
    }

    // MARK: Runtime

    /// A fresh journey and app bar in a new world that keeps the panel's session, betslip, flags and faults.
    private func rebuild() async throws {
        let next = EmbeddedWorld()
        switch world.session.latest {
        case .signedIn(let details): next.session.signIn(details)
        case .signedOut: break
        }
        next.betslip.set(world.betslip.latestCount)
        for (flag, on) in world.flags.snapshot { next.flags.set(flag, on) }
        next.faults.plan = world.faults.plan
        let (join, bar) = try await Self.assemble(brand, composition: composition, backend: backend, world: next)
        for watcher in watchers { watcher.cancel() }
        ticker?.cancel()
        world = next
        self.join = join
        self.bar = bar
        lastStepAt = world.clock.now.offset
        workAtLastStep = false
        listedEvents = (-1, [])
        watch()
        startTicker()
    }

    /// Publishes a screen whenever a store publishes a state.
    private func watch() {
        let joinStates = join.states()
        let barStates = bar.states()
        watchers = [
            Task { [weak self] in
                for await state in joinStates where state != self?.sentStates?.join { self?.publish() }
            },
            Task { [weak self] in for await state in barStates where state != self?.sentStates?.bar { self?.publish() }
            },
        ]
    }

    /// Moves the runtime's clock on with the wall clock, as time passes on a phone.
    private func startTicker() {
        let clock = world.clock
        ticker = Task {
            let wall = ContinuousClock()
            var last = wall.now
            while !Task.isCancelled {
                do { try await wall.sleep(for: .milliseconds(20)) } catch { return }
                let now = wall.now
                clock.advance(by: now - last)
                last = now
            }
        }
    }

    /// Sends what changed since the last screen sent: a keystroke sends the
    /// join form alone, not the panel, the analytics and the recording again.
    private func publish() {
        sentStates = (join.state, bar.state)
        let screen = self.screen
        guard screen != lastSent else { return }
        output.yield(Self.encode(screen, changedFrom: lastSent))
        lastSent = screen
    }

    /// `screen` as the message the page reads: every section, or only those
    /// that differ from `previous` (the page keeps the others).
    static func encode(_ screen: Screen, changedFrom previous: Screen? = nil) -> String {
        struct Sections: Encodable {
            let session: String
            let brand: String
            let join: Screen.Join?
            let appBar: Screen.Bar?
            let panel: Screen.Panel?
            let events: [Screen.Event]?
            let recorder: Screen.RecorderState?
        }
        struct Envelope: Encodable {
            let type = "screen"
            let screen: Sections
        }
        func changed<Value: Equatable>(_ path: KeyPath<Screen, Value>) -> Value? {
            previous?[keyPath: path] == screen[keyPath: path] ? nil : screen[keyPath: path]
        }
        let sections = Sections(
            session: screen.session, brand: screen.brand, join: changed(\.join), appBar: changed(\.appBar),
            panel: changed(\.panel), events: changed(\.events), recorder: changed(\.recorder))
        guard let data = try? JSONEncoder().encode(Envelope(screen: sections)) else {
            return #"{"type":"error","message":"the screen did not encode"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
