import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// One scenario's run on one headless runtime: the journeys (one unless the
/// scenario switches), the app bar, the analytics cursor, and how each step
/// is carried out. After every action the engines are settled, so that
/// expectations never race the work an intent started.
struct Execution {
    let headless: HeadlessRuntime
    let appBar: AppBar
    private var journeys: [String: JoinJourney]
    private var current = "main"
    /// When a scheduled locker opening falls due, on the virtual clock.
    private var lockerDue: Duration?
    private let lockerDelay: Duration
    /// The brand's promotions entry, whose badge follows the session.
    private let promotions: PromotionsEntry
    /// How many analytics events earlier expect steps have seen.
    private var eventCursor = 0

    init(headless: HeadlessRuntime, screen: String?) throws {
        self.headless = headless
        journeys = ["main": try headless.joinForm()]
        appBar = headless.appBar(options: AppBarOptions(screen: screen))
        lockerDelay = headless.runtime.settings[AppBarSettings.Key.self].lockerDelayAfterUserTray
        promotions = headless.runtime.settings[AppBarSettings.Key.self].promotions
    }

    private var journey: JoinJourney { journeys[current]! }

    /// Carries out `step`; the expectations that did not hold (none for a
    /// successful action).
    mutating func perform(_ step: Step) async -> [Mismatch] {
        switch step.kind {
        case .action(let action):
            let mismatches = await perform(action)
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

    private mutating func perform(_ action: Action) async -> [Mismatch] {
        switch action {
        case .join(let intent):
            await journey.send(intent)
        case .fill(let pairs):
            for pair in pairs {
                await journey.send(.focus(pair.input))
                await journey.send(.change(pair.input, pair.text))
            }
            await journey.send(.unfocus)
        case .signUp:
            let purpose = await journey.state.callToAction.purpose
            guard purpose == .signUp else {
                return [Mismatch(check: "call to action", expected: CallToAction.Purpose.signUp.rawValue, actual: purpose.rawValue)]
            }
            await journey.send(.continue)
        case .selectAddress(let choice):
            return await select(choice)
        case .appBar(let intent):
            await appBar.send(intent)
            if case .tap(.locker) = intent, await appBar.state.overlays.isLockerOpening {
                lockerDue = headless.clock.now.offset + lockerDelay
            }
        case .wait(let duration):
            headless.clock.advance(by: duration)
        case .signIn(let details):
            headless.session.signIn(details)
            await waitForAppBar { [promotions] in Self.shows(details, on: $0, promotions: promotions) }
        case .signOut:
            headless.session.signOut()
            await waitForAppBar { !$0.isSignedIn }
        case .betslip(let count):
            headless.betslip.set(count)
            await waitForAppBar { $0.betslipCounter?.value == count }
        case .flags(let flags):
            for entry in flags { headless.flags.set(entry.flag, entry.enabled) }
        case .journey(let name):
            if journeys[name] == nil {
                do {
                    journeys[name] = try headless.joinForm()
                } catch {
                    return [Mismatch(check: "journey '\(name)'", expected: "started", actual: "\(error)")]
                }
            }
            current = name
        }
        return []
    }

    private func select(_ choice: SuggestionChoice) async -> [Mismatch] {
        let suggestions = await journey.state.address?.suggestions ?? []
        let listed = suggestions.isEmpty ? "(no suggestions)" : suggestions.map(\.text).joined(separator: " | ")
        let found: AddressSuggestionID?
        switch choice {
        case .position(let position):
            found = suggestions.indices.contains(position - 1) ? suggestions[position - 1].id : nil
            if found == nil { return [Mismatch(check: "address suggestion", expected: "#\(position)", actual: listed)] }
        case .text(let text):
            found = suggestions.first { $0.text == text }?.id
            if found == nil { return [Mismatch(check: "address suggestion", expected: text, actual: listed)] }
        }
        if let found { await journey.send(.address(.select(id: found))) }
        return []
    }

    /// Lets every engine finish the work it started: each journey's checks,
    /// walks and sign-ups, and the app bar's locker opening once it is due
    /// (never before, which would wait for virtual time nobody advances).
    private func settle() async {
        for journey in journeys.values { await journey.settle() }
        if await appBar.state.overlays.isLockerOpening {
            guard let lockerDue, headless.clock.now.offset >= lockerDue else { return }
        }
        await appBar.settle()
    }

    /// Waits for the app bar to follow a session or betslip change it hears
    /// about on its own stream (bounded, so a failing scenario still ends).
    private func waitForAppBar(_ condition: (AppBarState) -> Bool) async {
        for _ in 0..<100_000 {
            if condition(await appBar.state) { return }
            await Task.yield()
        }
    }

    /// Whether the bar shows `details`: signed in, the balance, and the
    /// badges and avatar that come from the session.
    private static func shows(_ details: ClientDetails, on state: AppBarState, promotions: PromotionsEntry) -> Bool {
        guard state.isSignedIn, case .balance(let amount, _)? = state.item(.balance)?.content, amount == details.balance,
              state.item(.pendingBets)?.badge?.count ?? 0 == details.pendingBetsCount,
              case .avatar(let profile)? = state.item(.userTray)?.content, profile == details.socialProfile else { return false }
        guard let promotionsID = promotions.itemID, promotions.showsBadge else { return true }
        return state.item(promotionsID)?.badge?.count ?? 0 == details.promotionsBalance
    }

    /// What the engines show now.
    private func observe() async -> Observation {
        let events = headless.analytics.events
        return Observation(join: await journey.state, appBar: await appBar.state,
                           newEvents: Array(events.dropFirst(min(eventCursor, events.count))), allEvents: events,
                           clients: await headless.accounts.clients)
    }
}

private typealias AddressSuggestionID = String
