import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// One scenario's run on one assembled runtime: the join forms (one unless
/// the scenario switches), the app bar, the world that drives them, the
/// analytics cursor, and how each step is carried out. After every action
/// every store is settled, so expectations never race the work an intent
/// started: checks, walks, sign-up, due searches, due timers, and session
/// and betslip updates.
@MainActor
struct Execution {
    let runtime: Runtime
    let world: EmbeddedWorld
    let appBar: AppBarStore
    private var journeys: [String: JoinFormStore]
    private var current = "main"
    /// How many analytics events earlier expect steps have seen.
    private var eventCursor = 0

    init(runtime: Runtime, world: EmbeddedWorld, screen: String?) throws {
        self.runtime = runtime
        self.world = world
        journeys = ["main": try runtime.joinForm()]
        appBar = runtime.appBar(options: AppBarOptions(screen: screen))
    }

    private var journey: JoinFormStore { journeys[current]! }

    /// Carries out `step`; the expectations that did not hold (none for a
    /// successful action).
    mutating func perform(_ step: Step) async -> [Mismatch] {
        switch step.kind {
        case .action(let action):
            let mismatches = perform(action)
            await settle()
            return mismatches
        case .expect(let checks):
            let observation = await observe()
            eventCursor = observation.allEvents.count
            return checks.compactMap { check in
                let outcome = check.evaluate(observation)
                return outcome.passed ? nil : Mismatch(check: check.label, expected: check.expected, actual: outcome.actual)
            }
        }
    }

    private mutating func perform(_ action: Action) -> [Mismatch] {
        switch action {
        case .join(let intent):
            journey.send(intent)
        case .fill(let pairs):
            for pair in pairs {
                journey.send(.focus(pair.input))
                journey.send(.change(pair.input, pair.text))
            }
            journey.send(.unfocus)
        case .signUp:
            let purpose = journey.state.callToAction.purpose
            guard purpose == .signUp else {
                return [Mismatch(check: "call to action", expected: CallToAction.Purpose.signUp.rawValue, actual: purpose.rawValue)]
            }
            journey.send(.continue)
        case .selectAddress(let choice):
            return select(choice)
        case .appBar(let intent):
            appBar.send(intent)
        case .wait(let duration):
            world.clock.advance(by: duration)
        case .signIn(let details):
            world.session.signIn(details)
        case .signOut:
            world.session.signOut()
        case .betslip(let count):
            world.betslip.set(count)
        case .flags(let flags):
            for entry in flags { world.flags.set(entry.flag, entry.enabled) }
        case .journey(let name):
            if journeys[name] == nil {
                do {
                    journeys[name] = try runtime.joinForm()
                } catch {
                    return [Mismatch(check: "journey '\(name)'", expected: "started", actual: "\(error)")]
                }
            }
            current = name
        }
        return []
    }

    private func select(_ choice: SuggestionChoice) -> [Mismatch] {
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
        if let found { journey.send(.address(.select(id: found))) }
        return []
    }

    /// Lets every store finish its due work.
    private func settle() async {
        for journey in journeys.values { await journey.settle() }
        await appBar.settle()
    }

    /// What the engines show now.
    private func observe() async -> Observation {
        let events = world.analytics.events
        return Observation(join: journey.state, appBar: appBar.state,
                           newEvents: Array(events.dropFirst(min(eventCursor, events.count))), allEvents: events,
                           clients: await world.ledger.clients)
    }
}
