import AddressLookupFeature
import LiveryCore

extension JoinJourney {
    /// Moves focus to `input` (or off the form): the input losing focus is
    /// checked, and the change is an analytics event.
    mutating func moveFocus(to input: InputID?) {
        let previous = state.focus
        guard previous != input else { return }
        if let input, !isFocusable(input) { return }
        state.focus = input
        state.scrollTarget = nil
        if let previous {
            leave(previous)
            // Focus left a composite input for something outside it: the whole input is checked by its own rules.
            if input?.field != previous.field { leaveComposite(previous.field) }
        }
        var properties: [String: AnalyticsValue] = [:]
        if let previous { properties["from"] = .string(previous.description) }
        if let input { properties["to"] = .string(input.description) }
        track(.focusChanged, properties)
    }

    /// The toolbar's or keyboard's next/done: the next input in focus order,
    /// or off the form after the last one. Child inputs (a manual address, a
    /// deposit limit) are in the order where their parent is, so focus goes
    /// into a child form and back to the root form after its end; inputs that
    /// take no focus (drop-downs, tick boxes) are skipped.
    mutating func focusNext() {
        let order = model.focusOrder(on: state.page, in: state)
        guard let focus = state.focus else {
            moveFocus(to: order.first)
            return
        }
        guard let index = order.firstIndex(of: focus), index + 1 < order.count else {
            moveFocus(to: nil)
            return
        }
        moveFocus(to: order[index + 1])
    }

    /// Whether `input` is on the page shown and takes focus now.
    func isFocusable(_ input: InputID) -> Bool {
        state.page.contains(input.field) && model.focusableInputs(of: input.field, in: state).contains(input)
    }

    /// Checks the composite input `name` as a whole once focus has left it:
    /// the address (``checkAddress()``), or the deposit limit's decision and
    /// a limit's amount and period.
    mutating func leaveComposite(_ name: FieldName) {
        if name == model.addressName { checkAddress() }
        if name == model.depositLimitName { state.depositLimit?.validate() }
    }

    /// Checks the address as a whole, as when it loses focus: a manual form's
    /// every child; in search, nothing typed where an address is required is
    /// `required`, text with no address chosen for it `address.notChosen`.
    /// A chosen address, one on its way or a failed retrieval stays as it is.
    mutating func checkAddress() {
        guard let address = state.address else { return }
        if address.mode == .manual {
            if !address.status.isValid { sendToAddress(.validateManual) }
        } else if model.addressStatus(address) == .unknown, let violation = model.undecidedAddressViolation(address) {
            model.addressViolations = [violation]
        }
    }

    /// Tells the input `input` it lost focus: it is checked by its trigger.
    mutating func leave(_ input: InputID) {
        switch input {
        case .field(let name):
            apply(model.form.leave(name))
        case .child(let parent, let key):
            if parent == model.depositLimitName { state.depositLimit?.leave(key) }
            if parent == model.addressName, let child = AddressPart(rawValue: key) {
                sendToAddress(.leaveManual(child))
            }
        }
    }
}
