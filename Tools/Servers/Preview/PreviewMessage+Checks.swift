import AppBarFeature
import JoinFormFeature
import LiveryCore

extension PreviewMessage {
    /// Why this message cannot be applied to a page showing `join` and `bar`,
    /// if it cannot: an input or app bar item the page does not show, a tick
    /// on what is not a tick box, sign-up before the last page, faults when
    /// the server holds them, marking or saving with nothing recording.
    func problem(join: JoinState, bar: AppBarState, recording: Bool, againstServer: Bool) -> String? {
        switch self {
        case .join(.focus(let input)), .join(.change(let input, _)):
            let known = Self.inputIDs(of: join)
            guard known.contains(input.description) else {
                return "unknown input '\(input)'\(NameSuggestion.hint(for: input.description, in: known))"
            }
        case .join(.toggle(let field)):
            guard join.field(field)?.inputType == .checkbox else { return "'\(field)' is not a tick box" }
        case .appBar(.tap(let item)):
            let shown = bar.layout.items.map(\.id.rawValue)
            guard shown.contains(item.rawValue) else {
                let hint = NameSuggestion.hint(for: item.rawValue, in: shown)
                return "the app bar shows no item '\(item)'\(hint); it shows \(shown.joined(separator: ", "))"
            }
        case .signUp:
            guard join.callToAction.purpose == .signUp else {
                return "the call to action is continue, not sign-up"
            }
        case .faults where againstServer:
            return "faults are the server's when previewing against one (start the sandbox with --fault)"
        case .save, .mark:
            guard recording else { return "start recording first" }
        default:
            break
        }
        return nil
    }

    /// Every input id of the form `state` shows: fields and the children shown.
    static func inputIDs(of state: JoinState) -> [String] {
        var ids = state.fields.map(\.name.rawValue)
        if let field = state.fields.first(where: { $0.inputType == .address }), let lookup = state.address {
            ids += lookup.manualFields.map { "\(field.name).\($0.field.rawValue)" }
        }
        if let field = state.fields.first(where: { $0.inputType == .depositLimit }), let limit = state.depositLimit {
            ids += limit.visibleChildren.map { "\(field.name).\($0.key)" }
        }
        return ids
    }
}
