import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// One scenario's run on one assembled runtime: the join forms (one unless
/// the scenario switches), the app bar, the world that drives them, the
/// analytics cursor, what the run reached, and how each step is carried
/// out. After every action (unless it says `settle: false`) every store is
/// settled, so expectations never race the work an intent started: checks,
/// walks, sign-up, due searches, due timers, and session and betslip updates.
@MainActor
struct Execution {
    let runtime: Runtime
    let world: EmbeddedWorld
    let appBar: AppBarStore
    private let vocabulary: Vocabulary
    /// The scenario's world, for re-seeding a server when its faults change.
    private let given: Given
    /// The server's world, when running against one.
    private let server: ServerWorld?

    /// A scenario's world on a server: how to reach it, and its id (`nil`:
    /// the default world, on a sandbox without seeding).
    struct ServerWorld: Sendable {
        let seeding: SandboxSeeding
        let id: String?
    }
    private var journeys: [String: any JourneyDriver]
    /// How a journey is started on the runtime: its own store, or one with a planted defect.
    private let startJourney: @MainActor @Sendable (Runtime) throws -> any JourneyDriver
    private var current = "main"
    /// How many analytics events earlier expect steps have seen.
    private var eventCursor = 0
    /// What the run has reached so far.
    private(set) var reach = Reach()
    /// The invariants checked after every action, when the run checks them.
    private var monitor: InvariantMonitor?

    /// Whether a step no person could take is sent anyway, for the engine to ignore (`beyondReach: true`).
    private var reachesBeyond = false
    /// The input the step in hand sent beyond reach, and its value before.
    private var sentBeyondReach: (input: InputID, before: String?)?

    init(
        runtime: Runtime, world: EmbeddedWorld, screen: String?, vocabulary: Vocabulary, given: Given,
        server: ServerWorld?,
        startJourney: (@MainActor @Sendable (Runtime) throws -> any JourneyDriver)? = nil
    ) throws {
        self.runtime = runtime
        self.world = world
        self.vocabulary = vocabulary
        self.given = given
        self.server = server
        let start = startJourney ?? { try $0.joinForm() }
        self.startJourney = start
        journeys = ["main": try start(runtime)]
        appBar = runtime.appBar(options: AppBarOptions(screen: screen))
        record()
    }

    /// Checks the invariants after every action from now on (``Invariant``).
    mutating func checkInvariants() {
        let taken = world.takenUsernames.union(world.existingAccounts.compactMap(\.username))
        monitor = InvariantMonitor(
            vocabulary: vocabulary, wallClock: world.wallClock, takenUsernames: Set(taken.map(UsernameKey.init)),
            permitted: world.analytics.permittedPersonalData)
    }

    /// Sends steps no person could take instead of refusing them, so the engine's own guards are tried
    /// (``Invariant/engineIgnoresTheUnreachable``).
    mutating func reachBeyond() { reachesBeyond = true }

    private var journey: any JourneyDriver { journeys[current]! }

    /// The state of the join form the scenario is on.
    var joinState: JoinState { journey.state }

    /// What carrying out a step found: the expectations that did not hold
    /// (none for a successful action) and, for an expect step, what each
    /// of its checks saw (`label: actual`).
    struct StepOutcome {
        var mismatches: [Mismatch] = []
        var seen: [String]?
        /// What the engines showed after an action the invariants were checked on.
        var observed: Observation?
    }

    /// Carries out `step`.
    mutating func perform(_ step: Step) async -> StepOutcome {
        switch step.kind {
        case .action(let action):
            let before = current
            let state = journey.state
            let calls = monitor == nil ? [:] : callCounts
            sentBeyondReach = nil
            let mismatches = await perform(action)
            if step.settles { await settle() }
            record()
            // Only a settled step is looked at: reading the stores' world lets work in flight move on.
            guard mismatches.isEmpty, step.settles, monitor != nil else { return StepOutcome(mismatches: mismatches) }
            let observed = await observe(readingClients: true)
            var view = InvariantMonitor.StepView(
                action: action, before: before == current ? state : nil, callsBefore: calls, after: observed,
                summary: step.summary)
            view.unreachable = sentBeyondReach
            return StepOutcome(mismatches: monitor!.check(view), observed: observed)
        case .expect(let checks):
            let observation = await observe(readingClients: checks.contains(where: \.readsStoredClients))
            eventCursor = observation.allEvents.count
            var outcome = StepOutcome(seen: [])
            for check in checks {
                let (passed, actual) = check.evaluate(observation)
                outcome.seen?.append("\(check.label): \(actual)")
                if !passed {
                    outcome.mismatches.append(Mismatch(check: check.label, expected: check.expected, actual: actual))
                }
            }
            return outcome
        }
    }

    /// Ends the run on the server: the world the run made, if it made one,
    /// is deleted with everything it holds.
    func finish() async {
        guard let server, let id = server.id else { return }
        await server.seeding.deleteWorld(id)
    }

    /// What the run reached, with the analytics it sent.
    var reached: Reach {
        var all = reach
        all.record(world.analytics.events)
        return all
    }

    private mutating func perform(_ action: Action) async -> [Mismatch] {
        switch action {
        case .join(let intent):
            if let refusal = impossibility(of: intent) {
                guard reachesBeyond, let input = Self.editedInput(intent) else { return [refusal] }
                sentBeyondReach = (input, InputReading(input: input, state: journey.state).value)
            }
            send(intent)
        case .fill(let pairs):
            return fill(pairs)
        case .signUp:
            return signUp()
        case .selectAddress(let choice):
            return select(choice)
        case .appBar(let intent):
            reach.record(intent)
            appBar.send(intent)
        case .wait(let duration):
            await world.clock.advance(by: duration)
        case .signIn(let details):
            world.session.signIn(details)
        case .signOut:
            world.session.signOut()
        case .betslip(let count):
            world.betslip.set(count)
        case .flags(let flags):
            for entry in flags { world.flags.set(entry.flag, entry.enabled) }
        case .journey(let name):
            return switchJourney(to: name)
        case .faults(let plan):
            return await setFaults(plan)
        case .settle:
            break
        }
        return []
    }

    /// Each input focused, typed into and left in turn; the first that cannot be reached is refused.
    private mutating func fill(_ pairs: [(input: InputID, text: String)]) -> [Mismatch] {
        for pair in pairs {
            if let refusal = reach(pair.input, by: .change(pair.input, pair.text)) { return [refusal] }
            send(.focus(pair.input))
            send(.change(pair.input, pair.text))
        }
        send(.unfocus)
        return []
    }

    /// The call to action tapped, when it says sign up.
    private mutating func signUp() -> [Mismatch] {
        let purpose = journey.state.callToAction.purpose
        guard purpose == .signUp else {
            return [
                Mismatch(
                    check: "call to action", expected: CallToAction.Purpose.signUp.rawValue, actual: purpose.rawValue)
            ]
        }
        send(.continue)
        return []
    }

    /// Steps from here on go to the journey called `name`, started on the same runtime the first time.
    private mutating func switchJourney(to name: String) -> [Mismatch] {
        if journeys[name] == nil {
            do {
                journeys[name] = try startJourney(runtime)
            } catch {
                return [Mismatch(check: "journey '\(name)'", expected: "started", actual: "\(error)")]
            }
        }
        current = name
        return []
    }

    /// The faults of the journey's calls: in the embedded world, or seeded into the run's world on the server.
    private mutating func setFaults(_ plan: FaultPlan) async -> [Mismatch] {
        guard let server else {
            world.faults.plan = plan
            return []
        }
        do {
            try await server.seeding.seed(brand: runtime.manifest.id.rawValue, given, faults: plan, world: server.id)
        } catch {
            return [Mismatch(check: "faults", expected: "set on the server", actual: "\(error)")]
        }
        return []
    }

    // MARK: What a person can reach

    /// The input an intent edits (types into, chooses in or ticks), if it edits one.
    private static func editedInput(_ intent: JoinIntent) -> InputID? {
        switch intent {
        case .change(let input, _): input
        case .toggle(let name): .field(name)
        default: nil
        }
    }

    /// Why a person could not do `intent` to the form as it is shown now, if
    /// they could not: a step on an input is refused, never silently dropped.
    /// The engine's own rule decides (``JoinState/unreachable(by:)``); the
    /// buttons and keys a scenario may press while loading are left to the
    /// engine to ignore, as a second tap is.
    private func impossibility(of intent: JoinIntent) -> Mismatch? {
        switch intent {
        case .focus(let input), .change(let input, _): reach(input, by: intent)
        case .toggle(let name): reach(.field(name), by: intent)
        case .chooseDepositLimit: vocabulary.depositLimitField.flatMap { reach(.field($0), by: intent) }
        case .address: vocabulary.addressField.flatMap { reach(.field($0), by: intent) }
        default: nil
        }
    }

    /// Why `input` cannot be used by `intent` now, in a scenario writer's words, if it cannot.
    private func reach(_ input: InputID, by intent: JoinIntent) -> Mismatch? {
        let state = journey.state
        guard let reason = state.unreachable(by: intent) else { return nil }
        let actual: String
        switch reason {
        case .alertShown(let kind):
            actual = "the \(kind.rawValue) alert covers the form; answer it first (alert: <action>, or dismissAlert)"
        case .otherPage:
            let shown = state.page.fieldNames.map(\.rawValue).joined(separator: ", ")
            actual = "'\(input.field)' is not on the page shown: page \(state.page.name) shows \(shown)"
        case .loading: actual = "the form is loading, so its inputs are disabled; wait for it (settle)"
        case .disabled: actual = "'\(input.field)' is disabled"
        case .manualPartHidden:
            actual = "'\(input)' is not shown: the address is in search mode (enterAddressManually shows its parts)"
        case .noSuchManualPart: actual = "'\(input)' is not a part of this market's manual address"
        case .searchHidden:
            actual = "the address search is not shown: the address is entered manually (backToAddressSearch shows it)"
        case .limitHidden(let decision):
            actual =
                "'\(input)' is not shown: the deposit limit is \(decision.rawValue) (depositLimit: limited shows it)"
        }
        return Mismatch(check: "input \(input)", expected: "one a person can use now", actual: actual)
    }

    private mutating func send(_ intent: JoinIntent) {
        reach.record(intent, vocabulary: vocabulary)
        journey.send(intent)
    }

    private mutating func select(_ choice: SuggestionChoice) -> [Mismatch] {
        let suggestions = journey.state.address?.suggestions ?? []
        let listed = suggestions.isEmpty ? "(no suggestions)" : suggestions.map(\.text).joined(separator: " | ")
        let found: String?
        switch choice {
        case .position(let position):
            found = suggestions.indices.contains(position - 1) ? suggestions[position - 1].id : nil
            if found == nil { return [Mismatch(check: "address suggestion", expected: "#\(position)", actual: listed)] }
        case .text(let text):
            found = suggestions.first { $0.text == text }?.id
            if found == nil { return [Mismatch(check: "address suggestion", expected: text, actual: listed)] }
        }
        if let found { send(.address(.select(id: found))) }
        return []
    }

    /// How many calls of each kind the runtime has made.
    private var callCounts: [ServiceCalls.Kind: Int] {
        Dictionary(uniqueKeysWithValues: ServiceCalls.Kind.allCases.map { ($0, world.calls.count(of: $0)) })
    }

    /// Lets every store finish its due work.
    private func settle() async {
        for journey in journeys.values { await journey.settle() }
        await appBar.settle()
    }

    /// Adds what the engines show now to what the run reached.
    private mutating func record() {
        for journey in journeys.values { reach.record(journey.state) }
        reach.record(appBar.state)
    }

    /// What the engines show now (read before anything else can run) and,
    /// `readingClients`, what the account service stored.
    func observe(readingClients: Bool) async -> Observation {
        let join = journey.state
        let bar = appBar.state
        let events = world.analytics.events
        var clients: [StoredClient] = []
        var unread: String?
        if readingClients {
            do {
                clients = try await storedClients()
            } catch {
                unread = "(the stored clients could not be read: \(error))"
            }
        }
        return Observation(
            join: join, appBar: bar,
            newEvents: Array(events.dropFirst(min(eventCursor, events.count))), allEvents: events,
            clients: clients, clientsUnread: unread, calls: world.calls)
    }

    /// The clients the account service stored, from the store that holds
    /// them: the embedded service's, or the server's record of the run's world.
    private func storedClients() async throws(SandboxSeeding.Failure) -> [StoredClient] {
        guard let server else {
            return world.ledger.clients.map { StoredClient(id: $0.id, fields: $0.fields) }
        }
        guard let id = server.id else {
            throw .notAllowed(server.seeding.backend.server.baseURL.absoluteString)
        }
        return try await server.seeding.registeredClients(world: id, brand: runtime.manifest.id.rawValue)
    }
}

/// A join form a run drives: the store a runtime makes, or one around a
/// machine with a defect planted in it.
@MainActor
package protocol JourneyDriver: AnyObject {
    /// What the form shows.
    var state: JoinState { get }
    /// Applies a person's intent.
    func send(_ intent: JoinIntent)
    /// Lets the form finish its due work.
    func settle() async
}

extension Store: JourneyDriver where Machine.State == JoinState, Machine.Intent == JoinIntent {}
