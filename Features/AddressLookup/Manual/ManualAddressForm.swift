import Foundation
import LiveryCore

/// The manual address child form of one market, built on Core's ``Form``:
/// each child validates on leave, rewards early, and trims white space
/// before checking. Two forms are equal when their children show the same
/// values and statuses.
struct ManualAddressForm: Hashable, Sendable {
    let market: Market
    private(set) var form: Form
    private let fields: [AddressPart]

    init(market: Market) {
        self = BlankManualForms.form(in: market)
    }

    fileprivate init(making market: Market) {
        self.market = market
        fields = AddressPart.fields(in: market)
        let trim: @Sendable (String) -> String = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let postcode = market.postcode
        let typedPostcode: @Sendable (String) -> String = { postcode.typed(trim($0)) }
        let children = fields.map { field in
            AnyFormField(
                FormField<String>(
                    field.fieldName, initialValue: "", rules: field.rules(in: market),
                    transform: field == .postcode ? typedPostcode : trim,
                    // An empty optional child is valid from the start, so that a
                    // complete address needs no visit to its optional fields.
                    initialStatus: field.isRequired(in: market) ? .unknown : .valid))
        }
        do {
            form = try Form(children)
        } catch {
            preconditionFailure("manual address fields have unique names and no dependencies: \(error)")
        }
    }

    /// The children in display order.
    var states: [ManualAddressFieldState] {
        fields.map { field in
            ManualAddressFieldState(
                field: field, value: value(of: field), status: form.status(of: field.fieldName) ?? .unknown,
                isRequired: field.isRequired(in: market), options: field.options(in: market))
        }
    }

    func contains(_ field: AddressPart) -> Bool { fields.contains(field) }

    static func == (lhs: ManualAddressForm, rhs: ManualAddressForm) -> Bool {
        lhs.market == rhs.market && lhs.states == rhs.states
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(market)
        hasher.combine(states)
    }

    func value(of field: AddressPart) -> String {
        form.field(FieldKey<String>(field.fieldName))?.value ?? ""
    }

    private func checkedValue(of field: AddressPart) -> String {
        form.field(FieldKey<String>(field.fieldName))?.checkedValue ?? ""
    }

    /// Sets what `field` shows; a postcode as the market writes it (upper-cased as typed, where it is).
    mutating func setValue(_ value: String, for field: AddressPart) {
        guard contains(field) else { return }
        form.setValue(field == .postcode ? market.postcode.typed(value) : value, for: FieldKey<String>(field.fieldName))
    }

    mutating func leave(_ field: AddressPart) {
        guard contains(field) else { return }
        form.leave(field.fieldName)
    }

    mutating func validateAll() { form.validateAll() }

    /// Fills the children from `address` and checks the ones that got a
    /// value (and the optional ones), so a complete address is valid at once
    /// while a missing required part is not flagged before the user gets to it.
    mutating func prefill(from address: PostalAddress) {
        var toCheck: [FieldName] = []
        for field in fields {
            let value = address[field] ?? ""
            if value != self.value(of: field) { setValue(value, for: field) }
            if !value.isEmptyValue || !field.isRequired(in: market) { toCheck.append(field.fieldName) }
        }
        form.validate(toCheck)
    }

    /// The parent status: valid when every child is valid; the
    /// first invalid child's violations when any is invalid; else unknown.
    var status: FieldStatus {
        for field in fields {
            if case .invalid(let violations) = form.status(of: field.fieldName) { return .invalid(violations) }
        }
        for field in fields {
            if case .error(let failure) = form.status(of: field.fieldName) { return .error(failure) }
        }
        return form.isValid ? .valid : .unknown
    }

    /// The address the children describe, when every child is valid.
    var address: PostalAddress? {
        guard form.isValid else { return nil }
        let unit = checkedValue(of: .unit)
        var places: [AddressPart: String] = [:]
        for field in fields where field.isPlace { places[field] = checkedValue(of: field) }
        return PostalAddress(
            unit: unit.isEmpty ? nil : unit, streetNumber: checkedValue(of: .streetNumber),
            street: checkedValue(of: .street), places: places, postcode: checkedValue(of: .postcode),
            in: market.address)
    }
}

/// Each market's blank manual form, made once: every lookup starts from a copy of it.
private enum BlankManualForms {
    private static let made = MadeOnce<Market, ManualAddressForm>(limit: 16)

    static func form(in market: Market) -> ManualAddressForm {
        made.value(for: market) { ManualAddressForm(making: market) }
    }
}
extension AddressPart {
    /// The violations of a manual address given as text per child, checked
    /// with the same rules as the manual form of `market` (for a service that
    /// re-validates a submitted address). Children `market` does not have are
    /// reported with code `field.unknown`; valid children are absent.
    public static func violations(
        of values: [AddressPart: String],
        in market: Market
    ) -> [AddressPart: [RuleViolation]] {
        var form = ManualAddressForm(market: market)
        var found: [AddressPart: [RuleViolation]] = [:]
        for (field, value) in values {
            guard form.contains(field) else {
                found[field] = [RuleViolation(code: "field.unknown", template: "This field is not part of the form.")]
                continue
            }
            form.setValue(value, for: field)
        }
        form.validateAll()
        for state in form.states where !state.status.violations.isEmpty {
            found[state.field] = state.status.violations
        }
        return found
    }
}
