import AddressLookupFeature
import LiveryCore

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

    /// The call to action (J3, J4): the focused input loses focus, the form
    /// goes into its loading state and the walk runs. On an inner page it
    /// walks that page; on the last page it walks every page and then creates
    /// the client (the form stays loading until the account service answers).
    func startContinue() async {
        await moveFocus(to: nil)
        state.isLoading = true
        work = Task { await self.continueWalk() }
    }

    private func continueWalk() async {
        let names = state.isLastPage ? model.definition.pages.flatMap(\.fieldNames) : state.page.fieldNames
        switch await walk(names) {
        case .valid:
            track(JoinEvent.continued, ["outcome": .string("valid")])
            if state.isLastPage {
                await signUp()
            } else {
                state.pageIndex += 1
                track(JoinEvent.pageShown, ["direction": .string("forward")])
            }
        case .invalid(let name):
            track(JoinEvent.continued, ["outcome": .string("invalid"), "field": .string(name.rawValue)])
            await show(name)
        case .error(let name):
            track(JoinEvent.continued, ["outcome": .string("error"), "field": .string(name.rawValue)])
            raise(settings.alerts.alert(.checkFailed))
        }
        state.isLoading = false
        work = nil
        publish()
    }

    /// Walks `names` top to bottom: valid → the next field; invalid → stop
    /// there; error → stop for the alert; unknown → check it (waiting for an
    /// async check), then act on the new state.
    func walk(_ names: [FieldName]) async -> WalkOutcome {
        for name in names {
            switch await checkedStatus(of: name).kind {
            case .valid: continue
            case .invalid, .unknown: return .invalid(name)
            case .error: return .error(name)
            }
        }
        return .valid
    }

    /// The status of `name` once it is known: an unchecked field is checked,
    /// a running async check is waited for.
    private func checkedStatus(of name: FieldName) async -> FieldStatus {
        switch model.definition.field(name)?.inputType {
        case .depositLimit?:
            if model.depositLimit?.status == .unknown { model.depositLimit?.validate() }
            return model.depositLimit?.status ?? .valid
        case .address?:
            return await checkedAddressStatus()
        default:
            if model.form.status(of: name) == .unknown, !model.form.isValidating(name) { apply(model.form.validate([name])) }
            while model.form.isValidating(name), let check = checks.task(for: name) {
                publish()
                await check.value
            }
            return model.form.status(of: name) ?? .valid
        }
    }

    /// The address's status once known: a search or retrieval under way is
    /// waited for, a manual form is checked, and a required address with
    /// nothing chosen is marked required.
    private func checkedAddressStatus() async -> FieldStatus {
        guard let addressEngine else { return .valid }
        if model.address?.isRetrieving == true || model.address?.isSearching == true {
            publish()
            await addressEngine.settle()
            model.address = await addressEngine.state
        }
        if model.addressStatus == .unknown, model.address?.mode == .manual {
            await forwardToAddress(.validateManual)
        }
        if model.addressStatus == .unknown, model.addressRequired {
            model.addressViolations = [JoinFormModel.addressRequiredViolation]
        }
        return model.addressStatus
    }

    /// Shows the page of `name`, focuses its first input that is not valid
    /// (when it takes focus) and asks the head to scroll to it.
    func show(_ name: FieldName) async {
        if let page = model.definition.pages.firstIndex(where: { $0.fieldNames.contains(name) }), page != state.pageIndex {
            state.pageIndex = page
            track(JoinEvent.pageShown, ["direction": .string("back")])
        }
        let input = firstInputToFix(in: name)
        await moveFocus(to: isFocusable(input) ? input : nil)
        state.scrollTarget = input
    }

    private func firstInputToFix(in name: FieldName) -> InputID {
        if name == model.depositLimitName, let child = model.depositLimit?.firstInvalidChild { return .child(name, child) }
        if name == model.addressName, let address = model.address, address.mode == .manual,
           let child = address.manualFields.first(where: { !$0.status.isValid }) {
            return .child(name, child.field.rawValue)
        }
        return .field(name)
    }

    /// Shows `alert` and records it.
    func raise(_ alert: SystemAlert) {
        state.alert = alert
        track(JoinEvent.alertShown, ["alert": .string(alert.kind.rawValue)])
    }

    /// Closes the alert.
    func dismissAlert() {
        guard let alert = state.alert else { return }
        state.alert = nil
        track(JoinEvent.alertAction, ["alert": .string(alert.kind.rawValue), "action": .string("dismiss")])
    }

    /// Carries out the alert button with `role` and closes the alert.
    func chooseAlertAction(_ role: SystemAlert.Action.Role) async {
        guard let alert = state.alert, alert.actions.contains(where: { $0.role == role }) else { return }
        state.alert = nil
        track(JoinEvent.alertAction, ["alert": .string(alert.kind.rawValue), "action": .string(role.rawValue)])
        switch role {
        case .dismiss: break
        case .retry: await startContinue()
        case .openSelfExclusionRegister: open(.selfExclusionRegister)
        }
    }
}
