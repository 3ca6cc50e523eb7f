import AddressLookupFeature
import LiveryCore

extension JoinJourney {
    /// Moves focus to `input` (or off the form): the input losing focus is
    /// checked (J2) and the change is an analytics event (J14).
    func moveFocus(to input: InputID?) async {
        let previous = state.focus
        guard previous != input else { return }
        if let input, !isFocusable(input) { return }
        state.focus = input
        state.scrollTarget = nil
        if let previous { await leave(previous) }
        var properties: [String: AnalyticsValue] = [:]
        if let previous { properties["from"] = .string(previous.description) }
        if let input { properties["to"] = .string(input.description) }
        track(JoinEvent.focusChanged, properties)
    }

    /// The toolbar's or keyboard's next/done: the next input in focus order,
    /// or off the form after the last one (J9). Child inputs (a manual
    /// address, a deposit limit) are in the order where their parent is, so
    /// focus goes into a child form and back to the root form after its end;
    /// inputs that take no focus (drop-downs, tick boxes) are skipped.
    func focusNext() async {
        let order = focusOrder()
        guard let focus = state.focus else {
            await moveFocus(to: order.first)
            return
        }
        guard let index = order.firstIndex(of: focus), index + 1 < order.count else {
            await moveFocus(to: nil)
            return
        }
        await moveFocus(to: order[index + 1])
    }

    /// The inputs of the page shown that take focus, row by row, left to right.
    func focusOrder() -> [InputID] {
        model.focusOrder(on: state.page)
    }

    /// Whether `input` is on the page shown and takes focus now.
    func isFocusable(_ input: InputID) -> Bool {
        state.page.fieldNames.contains(input.field) && model.focusableInputs(of: input.field).contains(input)
    }

    /// Whether `input` is a kind of input that holds focus (text), rather
    /// than a drop-down, wherever it is.
    func takesFocus(_ input: InputID) -> Bool {
        switch input {
        case .field(let name):
            return model.traits[name]?.isFocusable ?? false
        case .child(let parent, let key):
            if parent == model.addressName { return ManualAddressField(rawValue: key)?.isFocusable ?? false }
            return key == DepositLimitForm.amountKey
        }
    }

    /// Tells the input `input` it lost focus: it is checked by its trigger.
    func leave(_ input: InputID) async {
        switch input {
        case .field(let name):
            apply(model.form.leave(name))
        case .child(let parent, let key):
            if parent == model.depositLimitName { model.depositLimit?.leave(key) }
            if parent == model.addressName, let child = ManualAddressField(rawValue: key) {
                await forwardToAddress(.leaveManual(child))
            }
        }
    }
}
