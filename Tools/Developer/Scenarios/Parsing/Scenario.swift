import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// A scenario file, parsed and checked against its brand's vocabulary: one
/// journey, a list of steps (actions and expectations), ready to run.
public struct Scenario: Sendable {
    /// The file it came from.
    public let file: String
    /// Its title (`scenario:`).
    public let name: String
    /// The brand it runs on.
    public let brand: String
    /// The screen name the scenario's app bar reports in analytics (`screen:`), if given.
    let screen: String?
    /// The world it starts in (`given:`).
    let given: Given
    /// The line of `given:`, for errors about the world.
    let givenLine: Int?
    /// The steps, in file order.
    let steps: [Step]
    /// Whether the run checks every ``Invariant`` after each action (`invariants: true`).
    var checksInvariants = false
    /// Whether a step on an input no person could use now (the form loading, an alert over it, the input
    /// disabled, hidden or on another page) is sent anyway, to check the engine ignores it
    /// (`beyondReach: true`), instead of being refused as a mistake in the file.
    var reachesBeyond = false

    /// How many steps it has.
    public var stepCount: Int { steps.count }

    /// Whether it reads what the account service stored (`storedClient:`) or
    /// checks invariants (which read it too): against a server, that is
    /// read from the server, in a world of the run's own.
    var readsStoredClients: Bool {
        checksInvariants
            || steps.contains { step in
                if case .expect(let checks) = step.kind { checks.contains(where: \.readsStoredClients) } else { false }
            }
    }

    /// Whether a server must give it a world of its own: for its `given:`, or to read back what it stored.
    var needsServerWorld: Bool { given.needsServer || readsStoredClients }

    /// The file's name without its folder, e.g. `01-full-sign-up.yaml`.
    public var fileName: String { URL(fileURLWithPath: file).lastPathComponent }
}

/// One step of a scenario: something a person (or the world) does, or what
/// they should then see.
struct Step: Sendable {
    /// What the step is.
    enum Kind: Sendable {
        /// An action; the runner settles the engines after it.
        case action(Action)
        /// Expectations on what the engines show now.
        case expect([Check])
    }

    /// The 1-based line it starts on.
    let line: Int
    /// How the transcript shows it (passwords masked).
    let summary: String
    let kind: Kind
    /// Whether the runner settles the engines after the action (`settle: false` looks at work in flight).
    var settles = true
}

/// Something a scenario does: an intent to an engine, or a change to the
/// world around them (time, session, betslip, flags).
enum Action: Sendable {
    /// An intent to the current join journey.
    case join(JoinIntent)
    /// Focus, type and move on through several inputs, then leave the last.
    case fill([(input: InputID, text: String)])
    /// Taps the sign-up button: fails unless the call to action is sign-up, then continues.
    case signUp
    /// Chooses an address suggestion: by its position from 1, or by its text.
    case selectAddress(SuggestionChoice)
    /// An intent to the app bar.
    case appBar(AppBarIntent)
    /// Advances the virtual clock.
    case wait(Duration)
    /// Signs a client in (or replaces their details).
    case signIn(ClientDetails)
    /// Signs the client out.
    case signOut
    /// Sets the betslip count.
    case betslip(Int)
    /// Sets feature flags.
    case flags([(flag: FeatureFlag, enabled: Bool)])
    /// Switches to the journey called this (created on first use, on the same runtime).
    case journey(String)
    /// Replaces the faults of the journey's calls.
    case faults(FaultPlan)
    /// Lets every engine finish its due work (after steps marked `settle: false`).
    case settle
}

extension Action {
    /// The action of the step written as the bare word `word`, or `nil` for a word that is no such step.
    static func bare(_ word: String) -> Action? {
        guard let verb = StepVerb(rawValue: word), verb.standsAlone else { return nil }
        if let action = verb.addressAction { return .join(.address(action)) }
        switch verb {
        case .next: return .join(.next)
        case .unfocus, .leave: return .join(.unfocus)
        case .dismissAlert: return .join(.dismissAlert)
        case .routeHandled: return .join(.routeHandled)
        case .signIn: return .signIn(ClientDetails(balance: 0))
        case .signOut: return .signOut
        case .settle: return .settle
        default: return nil
        }
    }

    /// The form buttons a `tap:` step names.
    static let tapButtons = ["continue", "signUp", "back"]

    /// The action of `tap: <button>`, one of ``tapButtons``.
    static func tap(_ button: String) -> Action {
        switch button {
        case "continue": .join(.continue)
        case "back": .join(.back)
        default: .signUp
        }
    }

    /// How the transcript shows signing a client in with `details`.
    static func signInSummary(_ details: ClientDetails) -> String {
        "signIn balance \(details.balance), pendingBets \(details.pendingBetsCount), promotions \(details.promotionsBalance)"
    }
}

/// How a step names an address suggestion.
enum SuggestionChoice: Sendable {
    /// Its position in the list, from 1.
    case position(Int)
    /// Its text, exactly as listed.
    case text(String)
}

/// One expectation: what it looks at, what it expects, and how to read the
/// actual value from an ``Observation``.
struct Check: Sendable {
    /// What is looked at, e.g. `field email status`.
    let label: String
    /// The expected value, as written for people.
    let expected: String
    /// Whether it reads the clients the account service stored (against a server, a request to it).
    var readsStoredClients = false
    /// Whether the observation meets it, and the actual value as text.
    let evaluate: @Sendable (Observation) -> (passed: Bool, actual: String)

    /// A check that the text `read` returns equals `expected`.
    static func equal(_ label: String, _ expected: String, read: @escaping @Sendable (Observation) -> String) -> Check {
        Check(label: label, expected: expected) { observation in
            let actual = read(observation)
            return (actual == expected, actual)
        }
    }
}

/// A client as the account service that created it stored it: the embedded
/// service's own store, or the server's record read back from it.
struct StoredClient: Sendable, Equatable {
    /// The client's id.
    let id: String
    /// The fields stored, without passwords.
    let fields: [String: String]
}

/// What the engines show after a step, as values the checks read.
struct Observation: Sendable {
    /// The current journey's state.
    let join: JoinState
    /// The app bar's state.
    let appBar: AppBarState
    /// Analytics events since the previous expect step, oldest first.
    let newEvents: [AnalyticsEvent]
    /// Every analytics event of the scenario so far.
    let allEvents: [AnalyticsEvent]
    /// The clients the account service stored, oldest first, read from the
    /// service itself (empty when they were not read, or could not be).
    let clients: [StoredClient]
    /// Why the stored clients could not be read, when they could not.
    let clientsUnread: String?
    /// The calls made to the account and address services so far.
    let calls: ServiceCalls
}
