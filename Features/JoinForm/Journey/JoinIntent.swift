import AddressLookupFeature
import LiveryCore

/// Everything a person (through a head) can do on the join form. A head
/// sends intents to ``JoinJourney/send(_:)`` and draws ``JoinState``.
///
/// While the journey is loading (``JoinState/isLoading``), intents that edit
/// or move are ignored; only the alert and route intents are taken. An edit
/// of an input no person could reach (on another page, disabled, hidden) is
/// ignored too: ``JoinState/unreachable(by:)``.
public enum JoinIntent: Hashable, Sendable {
    /// An input gained focus (the one that had it loses it and is checked).
    case focus(InputID)
    /// Focus left the form (tap outside, keyboard dismissed): the focused input is checked.
    case unfocus
    /// The text of an input changed (for a `Select`: the option chosen).
    case change(InputID, String)
    /// A tick box was tapped (e.g. marketing consent).
    case toggle(FieldName)
    /// The keyboard's or toolbar's next/done button.
    case next
    /// The call to action: continue on an inner page, sign up on the last.
    case `continue`
    /// Back to the previous page, values kept.
    case back
    /// An action on the address field's lookup: select a suggestion, enter
    /// manually, back to search, tap outside the list, clear, search now.
    /// (Typing goes through ``change(_:_:)`` on the address field or its
    /// manual children, so focus and checks stay the journey's.)
    case address(AddressLookupIntent)
    /// The deposit-limit decision: decline, or set a limit (shows amount and period).
    case chooseDepositLimit(DepositLimitDecision)
    /// A link on the form was tapped.
    case open(JoinLink)
    /// An action of the system alert was chosen.
    case alertAction(SystemAlert.Action.Role)
    /// The system alert was dismissed.
    case dismissAlert
    /// The head has shown the requested route; the request is cleared.
    case routeHandled
}

extension JoinIntent {
    /// The intents by name: the one table the scenario tools, coverage and
    /// the recorder read, so a new intent is known to each of them.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case focus, unfocus, change, toggle, next, `continue`, back, address, chooseDepositLimit, open
        case alertAction, dismissAlert, routeHandled
    }

    /// This intent's name, without what it carries.
    public var name: Name {
        switch self {
        case .focus: .focus
        case .unfocus: .unfocus
        case .change: .change
        case .toggle: .toggle
        case .next: .next
        case .continue: .continue
        case .back: .back
        case .address: .address
        case .chooseDepositLimit: .chooseDepositLimit
        case .open: .open
        case .alertAction: .alertAction
        case .dismissAlert: .dismissAlert
        case .routeHandled: .routeHandled
        }
    }
}
