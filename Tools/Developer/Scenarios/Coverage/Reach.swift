import AddressLookupFeature
import AppBarFeature
import JoinFormFeature
import LiveryCore

/// The kinds of things a journey can produce that coverage counts.
public enum CoverageCategory: String, Sendable, CaseIterable, Codable {
    /// What a person (through a head) sends: `join.continue`, `appBar.tap.locker`.
    case intents
    /// Screens the engines ask for: `join.signedUp`, `appBar.nativeBetslip`.
    case routes
    /// System alerts shown, by kind.
    case alerts
    /// Alert buttons chosen, by role.
    case alertActions = "alert actions"
    /// Each field in each status it can take: `username:error`.
    case fieldStates = "field states"
    /// Each rule code each field can show: `email:email.format`.
    case ruleCodes = "rule codes"
    /// Analytics events, and the outcomes of those that have one: `join_sign_up:created`.
    case events
}

/// What scenarios reached, by category: the items a coverage report counts.
public struct Reach: Sendable, Equatable {
    /// The items reached, by category.
    public private(set) var items: [CoverageCategory: Set<String>] = [:]

    /// Nothing reached.
    public init() {}

    mutating func insert(_ item: String, in category: CoverageCategory) {
        items[category, default: []].insert(item)
    }

    /// Everything `other` reached, added.
    public mutating func formUnion(_ other: Reach) {
        for (category, reached) in other.items { items[category, default: []].formUnion(reached) }
    }

    /// Records what a join form shows: its route, alert, field statuses and rule codes.
    mutating func record(_ state: JoinState) {
        if let route = state.route { insert("join.\(Vocabulary.name(of: route))", in: .routes) }
        if let alert = state.alert { insert(alert.kind.rawValue, in: .alerts) }
        for field in state.fields {
            insert("\(field.name):\(field.status.kind.rawValue)", in: .fieldStates)
            for violation in field.status.violations {
                insert("\(field.name):\(violation.code.rawValue)", in: .ruleCodes)
            }
        }
    }

    /// Records what an app bar shows: its route.
    mutating func record(_ state: AppBarState) {
        if let route = state.route { insert("appBar.\(route.rawValue)", in: .routes) }
    }

    /// Records analytics events: each name, and name:outcome where they carry one.
    mutating func record(_ events: [AnalyticsEvent]) {
        for event in events {
            insert(event.name, in: .events)
            if case .string(let outcome)? = event["outcome"], event.name != AppBarEvent.tapped.rawValue {
                insert("\(event.name):\(outcome)", in: .events)
            }
        }
    }

    /// Records an intent sent to the join form.
    mutating func record(_ intent: JoinIntent, vocabulary: Vocabulary) {
        insert("join." + Self.name(of: intent, vocabulary: vocabulary), in: .intents)
        if case .alertAction(let role) = intent { insert(role.rawValue, in: .alertActions) }
        if case .dismissAlert = intent { insert(SystemAlert.Action.Role.dismiss.rawValue, in: .alertActions) }
    }

    /// Records an intent sent to the app bar.
    mutating func record(_ intent: AppBarIntent) {
        let name =
            if case .tap(let id) = intent { "tap.\(id.isSpacer ? "spacer" : id.rawValue)" } else {
                intent.name.rawValue
            }
        insert("appBar." + name, in: .intents)
    }

    /// The coverage name of a join intent: its case, and for address actions,
    /// links, alert actions and deposit-limit decisions which one.
    static func name(of intent: JoinIntent, vocabulary: Vocabulary) -> String {
        switch intent {
        case .change(let input, _):
            switch input {
            case .field(let name) where name == vocabulary.addressField: "address.typeText"
            case .child(let parent, _) where parent == vocabulary.addressField: "address.changeManual"
            default: "change"
            }
        case .address(let action): "address.\(action.name.rawValue)"
        case .chooseDepositLimit(let decision): "chooseDepositLimit.\(decision.rawValue)"
        case .open(let link): "open.\(link.rawValue)"
        case .alertAction(let role): "alertAction.\(role.rawValue)"
        case .focus, .unfocus, .toggle, .next, .continue, .back, .dismissAlert, .routeHandled: intent.name.rawValue
        }
    }
}
