import AddressLookupFeature
import LiveryCore

/// A continue walk under way: the fields it walks, top to bottom, and the
/// one it has reached. It pauses at a field whose check is in flight and
/// resumes when the answer comes back.
struct ContinueWalk: Sendable {
    let names: [FieldName]
    var index = 0
}

extension JoinJourney {
    /// Where a continue walk stopped.
    enum WalkOutcome {
        /// Every field is valid.
        case valid
        /// This field is invalid (or could not be decided).
        case invalid(FieldName)
        /// This field's check could not run.
        case error(FieldName)
    }

    /// The call to action: the focused input loses focus, the form goes into
    /// its loading state and the walk runs. On an inner page it walks that
    /// page; on the last page it walks every page and then creates the client
    /// (the form stays loading until the account service answers).
    mutating func startContinue() {
        // Signed up already (the app has not left the form yet): nothing is sent again, the way on is shown again.
        if state.isLastPage, let client = state.createdClient {
            state.route = .signedUp(client)
            return
        }
        moveFocus(to: nil)
        state.isLoading = true
        walk = ContinueWalk(
            names: state.isLastPage ? model.definition.pages.flatMap(\.fieldNames) : state.page.fieldNames)
        advanceWalk()
    }

    /// Walks on from where the walk is: valid → the next field; invalid →
    /// stop there; error → stop for the alert; unknown → check it and act on
    /// the new state, pausing while its check (or the address's retrieval) is in flight.
    mutating func advanceWalk() {
        guard var walk else { return }
        while walk.index < walk.names.count {
            let name = walk.names[walk.index]
            guard let status = checkedStatus(of: name) else {
                self.walk = walk
                return
            }
            switch status.kind {
            case .valid:
                walk.index += 1
            case .invalid, .unknown:
                endWalk(.invalid(name))
                return
            case .error:
                endWalk(.error(name))
                return
            }
        }
        endWalk(.valid)
    }

    private mutating func endWalk(_ outcome: WalkOutcome) {
        walk = nil
        switch outcome {
        case .valid:
            track(.continued, ["outcome": .string("valid")])
            if state.isLastPage {
                signUp()
                return
            }
            state.pageIndex += 1
            track(.pageShown, ["direction": .string("forward")])
        case .invalid(let name):
            track(.continued, ["outcome": .string("invalid"), "field": .string(name.rawValue)])
            show(name)
        case .error(let name):
            track(.continued, ["outcome": .string("error"), "field": .string(name.rawValue)])
            raise(settings.alerts.alert(.checkFailed))
        }
        state.isLoading = false
    }

    /// The status of `name` once it is known, or `nil` while an answer is
    /// awaited: an unchecked field is checked; a running async check, or the
    /// address's retrieval, is waited for.
    private mutating func checkedStatus(of name: FieldName) -> FieldStatus? {
        switch model.definition.field(name)?.inputType {
        case .depositLimit?:
            if state.depositLimit?.status == .unknown { state.depositLimit?.validate() }
            return state.depositLimit?.status ?? .valid
        case .address?:
            return checkedAddressStatus()
        default:
            if model.form.status(of: name) == .unknown, !model.form.isValidating(name) {
                apply(model.form.validate([name]))
            }
            if model.form.isValidating(name) { return nil }
            return model.form.status(of: name) ?? .valid
        }
    }

    /// The address's status once known: a retrieval under way is waited for,
    /// and otherwise the address is checked as when it loses focus. (A search
    /// in flight cannot choose an address, so it is not waited for.)
    private mutating func checkedAddressStatus() -> FieldStatus? {
        guard let address = state.address else { return .valid }
        if address.isRetrieving { return nil }
        checkAddress()
        return model.addressStatus(state.address)
    }

    /// Shows the page of `name`, focuses its first input that is not valid
    /// (when it takes focus) and asks the head to scroll to it.
    mutating func show(_ name: FieldName) {
        if let page = model.definition.pages.firstIndex(where: { $0.contains(name) }), page != state.pageIndex {
            state.pageIndex = page
            track(.pageShown, ["direction": .string("back")])
        }
        let input = firstInputToFix(in: name)
        moveFocus(to: isFocusable(input) ? input : nil)
        state.scrollTarget = input
    }

    private func firstInputToFix(in name: FieldName) -> InputID {
        if name == model.depositLimitName, let child = state.depositLimit?.firstInvalidChild {
            return .child(name, child)
        }
        if name == model.addressName, let address = state.address, address.mode == .manual,
            let child = address.manualFields.first(where: { !$0.status.isValid })
        {
            return .child(name, child.field.rawValue)
        }
        return .field(name)
    }

    /// Shows `alert` and records it.
    mutating func raise(_ alert: SystemAlert) {
        state.alert = alert
        track(.alertShown, ["alert": .string(alert.kind.rawValue)])
    }

    /// Closes the alert.
    mutating func dismissAlert() {
        guard let alert = state.alert else { return }
        state.alert = nil
        track(.alertAction, ["alert": .string(alert.kind.rawValue), "action": .string("dismiss")])
    }

    /// Carries out the alert button with `role` and closes the alert.
    mutating func chooseAlertAction(_ role: SystemAlert.Action.Role) {
        guard let alert = state.alert, alert.actions.contains(where: { $0.role == role }) else { return }
        state.alert = nil
        track(.alertAction, ["alert": .string(alert.kind.rawValue), "action": .string(role.rawValue)])
        switch role {
        case .dismiss: break
        case .retry: startContinue()
        case .openSelfExclusionRegister: open(.selfExclusionRegister)
        }
    }
}
