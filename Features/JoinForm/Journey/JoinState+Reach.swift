import AddressLookupFeature
import LiveryCore

extension JoinState {
    /// Why a person could not make an intent on the form as it is shown.
    public enum Unreachable: Hashable, Sendable {
        /// An alert covers the form.
        case alertShown(SystemAlert.Kind)
        /// The input's field is on another page than the one shown.
        case otherPage
        /// The form is loading: every input is disabled.
        case loading
        /// The input's field is disabled.
        case disabled
        /// The address search box, while the address is entered by hand.
        case searchHidden
        /// A part of the manual address, while the address is searched for.
        case manualPartHidden
        /// A part the market's manual address does not have.
        case noSuchManualPart
        /// A deposit limit's amount or period, while no limit is chosen.
        case limitHidden(DepositLimitDecision)
    }

    /// Why a person could not make `intent` now, or `nil` when they could.
    /// The join journey ignores such intents, as a person cannot make them:
    /// while an alert is shown or the form is loading, only the alert and
    /// route intents are taken; focusing, typing into, choosing in or
    /// ticking an input is taken only on the page shown, for an enabled input
    /// that is shown (a manual address part only in manual mode, the search
    /// box only in search mode, a limit's amount and period only with a limit).
    public func unreachable(by intent: JoinIntent) -> Unreachable? {
        switch intent {
        case .alertAction, .dismissAlert, .routeHandled: return nil
        default: break
        }
        if let alert { return .alertShown(alert.kind) }
        if isLoading { return .loading }
        switch intent {
        case .focus(let input), .change(let input, _): return unreachable(input, exactly: true)
        case .toggle(let name): return unreachable(.field(name), exactly: true)
        case .chooseDepositLimit:
            return fields.first { $0.inputType == .depositLimit }.flatMap {
                unreachable(.field($0.name), exactly: false)
            }
        case .address:
            return fields.first { $0.inputType == .address }.flatMap { unreachable(.field($0.name), exactly: false) }
        default: return nil
        }
    }

    /// Why `input` cannot be used now: its field is on another page or disabled; and, `exactly`, the
    /// input itself is not shown.
    private func unreachable(_ input: InputID, exactly: Bool) -> Unreachable? {
        guard page.contains(input.field) else { return .otherPage }
        guard let field = field(input.field) else { return .otherPage }
        if !field.isEnabled { return .disabled }
        guard exactly else { return nil }
        if field.inputType == .address, let address {
            switch (input, address.mode) {
            case (.child, .search): return .manualPartHidden
            case (.child(_, let key), .manual) where !address.manualFields.contains(where: { $0.field.rawValue == key }):
                return .noSuchManualPart
            case (.field, .manual): return .searchHidden
            default: return nil
            }
        }
        if field.inputType == .depositLimit, case .child = input, let depositLimit,
            depositLimit.decision != .limited
        {
            return .limitHidden(depositLimit.decision)
        }
        return nil
    }
}
