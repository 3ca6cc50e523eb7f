import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWorkshop

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

    /// The brands the session runs on: the registered ones, with the brand
    /// studio's edited brand in place of its own once it is edited.
    private(set) var composition: Composition
    private let backend: HTTPServiceConfiguration?
    let scenarioFolder: URL
    /// Where the brand studio finds `<Name>/Plugin/brand.json`; `nil` when it is off.
    let brandFiles: URL?
    /// The brand studio's edit, once the page opened it.
    var studioEdit = StudioEdit()
    /// Told when this session's studio saved its brand file (the other pages of the brand are told so).
    var onBrandSaved: ((PreviewSession) -> Void)?
    private let output: AsyncStream<String>.Continuation
    private var world: EmbeddedWorld
    private var join: JoinFormStore
    private var bar: AppBarStore
    private var watchers: [Task<Void, Never>] = []
    private var ticker: Task<Void, Never>?
    private var recording = Recording()
    private var drawn = DrawnScreen()
    /// The brand's locale, for amounts, and its flag defaults, read once.
    private lazy var locale = Locale(
        identifier: (try? composition.registry.plugin(named: brand).manifest.locale) ?? "en-AU")
    private lazy var flagDefaults = (try? composition.registry.plugin(named: brand).featureFlagDefaults) ?? [:]

    /// What is being recorded, and what the recording last saw.
    private struct Recording {
        var recorder: ScenarioRecorder?
        /// The file the last recording was saved as.
        var savedFile: String?
        /// When the last step was taken, on the run's clock, and whether engines had work waiting then.
        var lastStepAt = Duration.zero
        var workAtLastStep = false
    }

    /// What the last screen was made of, so each section is made again only when what it shows changed.
    private struct DrawnScreen {
        var lastSent: Screen?
        /// The stores' states the last screen was made of: a store publishing the
        /// same state again (the page's own intent, already sent) costs no screen.
        var sentStates: (join: JoinState, bar: AppBarState)?
        var join: (state: JoinState, section: Screen.Join)?
        var bar: (state: AppBarState, section: Screen.Bar)?
        var panel: (inputs: PanelInputs, section: Screen.Panel)?
        /// The analytics events as the page lists them, made again only when one was sent.
        var events: (count: Int, events: [Screen.Event]) = (-1, [])
    }

    /// Opens a session for `brand`: its runtime on embedded services, or on a server at `backend`.
    /// - Throws: ``CompositionError`` or ``DefinitionError`` when the runtime cannot be assembled.
    static func open(
        id: String, brand: String, composition: Composition, backend: HTTPServiceConfiguration?,
        scenarioFolder: URL, brandFiles: URL? = nil
    ) async throws -> PreviewSession {
        let world = EmbeddedWorld()
        let (join, bar) = try await assemble(brand, composition: composition, backend: backend, world: world)
        return PreviewSession(
            id: id, brand: brand, composition: composition, backend: backend, scenarioFolder: scenarioFolder,
            brandFiles: brandFiles, world: world, join: join, bar: bar)
    }

    private init(
        id: String, brand: String, composition: Composition, backend: HTTPServiceConfiguration?, scenarioFolder: URL,
        brandFiles: URL?, world: EmbeddedWorld, join: JoinFormStore, bar: AppBarStore
    ) {
        self.id = id
        self.brand = brand
        self.composition = composition
        self.backend = backend
        self.scenarioFolder = scenarioFolder
        self.brandFiles = brandFiles
        self.world = world
        self.join = join
        self.bar = bar
        (screens, output) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        watch()
        ticker = WallClockTicker.start(world.clock)
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
        let saved = recording.savedFile
        let recorded =
            recording.recorder.map { recorder in
                Screen.RecorderState(
                    recording: true, steps: recorder.count, text: recorder.file(title: "Recorded in the preview"),
                    saved: saved)
            } ?? Screen.RecorderState(recording: false, steps: 0, text: "", saved: saved)
        let count = world.analytics.count
        if drawn.events.count != count { drawn.events = (count, Screen.events(of: world)) }
        // Each section is made again only when what it shows changed: a keystroke remakes the form alone.
        let joinState = join.state
        if drawn.join?.state != joinState { drawn.join = (joinState, Screen.Join(joinState)) }
        let barState = bar.state
        if drawn.bar?.state != barState { drawn.bar = (barState, Screen.Bar(barState, locale: locale)) }
        let inputs = PanelInputs(world)
        if drawn.panel?.inputs != inputs {
            drawn.panel = (inputs, Screen.Panel(world: world, flagDefaults: flagDefaults, backend: backend))
        }
        return Screen(
            session: id, brand: brand, join: drawn.join?.section ?? Screen.Join(joinState),
            appBar: drawn.bar?.section ?? Screen.Bar(barState, locale: locale),
            panel: drawn.panel?.section ?? Screen.Panel(world: world, flagDefaults: flagDefaults, backend: backend),
            events: drawn.events.events, recorder: recorded)
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
        if case .studio(let action) = message { return await studio(action) }
        if let problem = message.problem(
            join: join.state, bar: bar.state, recording: recording.recorder != nil, againstServer: backend != nil)
            ?? refusal(of: message)
        {
            return problem
        }
        record(message)
        if let problem = await apply(message) { return problem }
        recording.recorder?.noteSecrets(of: join.state)
        recording.lastStepAt = world.clock.now.offset
        recording.workAtLastStep = join.hasPendingWork || bar.hasPendingWork
        publish()
        return nil
    }

    /// Why the session cannot do what a well-formed `message` asks now, or `nil`.
    private func refusal(of message: PreviewMessage) -> String? {
        switch message {
        case .selectAddress(let position):
            return join.state.address?.suggestions.dropFirst(position - 1).first == nil
                ? "there is no suggestion \(position)" : nil
        case .faults(let specs):
            do {
                _ = try FaultPlan.parse(faults: specs)
                return nil
            } catch {
                return "\(error)"
            }
        default:
            return nil
        }
    }

    /// Adds `message`'s step to the recording, after a wait when the engines had work waiting on the clock.
    private func record(_ message: PreviewMessage) {
        guard recording.recorder != nil, let step = ScenarioRecorder.step(for: message, on: join.state) else { return }
        if let wait = ScenarioRecorder.wait(
            after: world.clock.now.offset - recording.lastStepAt, workWaiting: recording.workAtLastStep)
        {
            recording.recorder?.add(wait)
        }
        switch step {
        case .typed(let verb, let secure):
            if case .join(.change(let input, let value)) = message {
                recording.recorder?.typed(value, into: input.description, verb: verb, secure: secure)
            }
        case .line(let line):
            recording.recorder?.add(line)
        }
    }

    /// Carries out `message` (checked already): an intent to a store, a change
    /// of the world, or the recorder's; why a recording was not saved, if it was not.
    private func apply(_ message: PreviewMessage) async -> String? {
        switch message {
        case .join(let intent): join.send(intent)
        case .signUp: join.send(.continue)
        case .selectAddress(let position):
            if let suggestion = join.state.address?.suggestions.dropFirst(position - 1).first {
                join.send(.address(.select(id: suggestion.id)))
            }
        case .appBar(let intent): bar.send(intent)
        case .signIn(let balance, let pendingBets, let promotions):
            world.session.signIn(
                ClientDetails(balance: balance, pendingBetsCount: pendingBets, promotionsBalance: promotions))
        case .signOut: world.session.signOut()
        case .betslip(let count): world.betslip.set(count)
        case .flag(let flag, let on): world.flags.set(flag, on)
        case .faults(let specs): world.faults.plan = (try? FaultPlan.parse(faults: specs)) ?? world.faults.plan
        case .record(let on):
            recording.savedFile = nil
            if on { try? await startRecording() } else { recording.recorder = nil }
        case .mark:
            recording.recorder?.expect(ScenarioRecorder.expectation(join: join.state, bar: bar.state))
        case .save(let name):
            return save(as: name)
        case .reset:
            recording.recorder = nil
            try? await rebuild()
        case .elapse(let duration):
            await world.clock.advance(by: duration)
            await join.settle()
            await bar.settle()
        case .studio: break
        }
        return nil
    }

    /// Starts recording from a fresh journey in the world the panel set: the
    /// session, betslip, flags and faults become the file's `given:`.
    private func startRecording() async throws {
        let given = ScenarioRecorder.given(by: world)
        try await rebuild()
        recording.recorder = ScenarioRecorder(given: given)
    }

    /// Saves the recording as `name` in the brand's scenario folder; why not, if it cannot.
    private func save(as name: String) -> String? {
        guard let recorder = recording.recorder else { return "start recording first" }
        switch recorder.save(named: name, in: scenarioFolder.appendingPathComponent(brand)) {
        case .saved(let path):
            recording.savedFile = path
            return nil
        case .refused(let problem):
            return problem
        }
    }

    // MARK: Runtime

    /// Runs the session on `composition` from the start: a new world, journey
    /// and app bar, no recording. The page is told, and replays what the
    /// person did, so it comes back to the same step.
    func restart(on composition: Composition) async throws {
        try await run(in: EmbeddedWorld(), on: composition)
        recording = Recording()
        drawn = DrawnScreen()
        flagDefaults = (try? composition.registry.plugin(named: brand).featureFlagDefaults) ?? [:]
        output.yield(#"{"type":"restarted"}"#)
        publish()
    }

    /// Sends the page a message other than a screen (the studio's state).
    func send(_ message: String) { output.yield(message) }

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
        try await run(in: next, on: composition)
    }

    /// Runs a new journey and app bar of `composition`'s brand in `next`: the
    /// old ones' watchers and clock stop once the new ones are assembled.
    private func run(in next: EmbeddedWorld, on composition: Composition) async throws {
        let (join, bar) = try await Self.assemble(brand, composition: composition, backend: backend, world: next)
        for watcher in watchers { watcher.cancel() }
        ticker?.cancel()
        self.composition = composition
        world = next
        self.join = join
        self.bar = bar
        recording.lastStepAt = world.clock.now.offset
        recording.workAtLastStep = false
        drawn.events = (-1, [])
        watch()
        ticker = WallClockTicker.start(world.clock)
    }

    /// Publishes a screen whenever a store publishes a state.
    private func watch() {
        let joinStates = join.states()
        let barStates = bar.states()
        watchers = [
            Task { [weak self] in
                for await state in joinStates where state != self?.drawn.sentStates?.join { self?.publish() }
            },
            Task { [weak self] in
                for await state in barStates where state != self?.drawn.sentStates?.bar { self?.publish() }
            },
        ]
    }

    /// Sends what changed since the last screen sent: a keystroke sends the
    /// join form alone, not the panel, the analytics and the recording again.
    private func publish() {
        drawn.sentStates = (join.state, bar.state)
        let screen = self.screen
        guard screen != drawn.lastSent else { return }
        output.yield(screen.message(changedFrom: drawn.lastSent))
        drawn.lastSent = screen
    }

}
