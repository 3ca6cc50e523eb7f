import LiveryCore

/// The manual address form's children are the parts of the market's address.
extension AddressPart {
    /// The parts of a manual address in `market`, in focus/display order (its pack's order).
    public static func fields(in market: Market) -> [AddressPart] { market.address.order }

    /// Whether it takes keyboard focus in `market`: a part with fixed choices is a drop-down and does not.
    public func isFocusable(in market: Market) -> Bool { market.address.options(self) == nil }

    /// Whether the part must be filled in `market` (the unit never is).
    public func isRequired(in market: Market) -> Bool { market.address.isRequired(self) }

    /// The fixed choices of a drop-down part in `market` (a state list), otherwise `nil` (free text).
    public func options(in market: Market) -> [String]? { market.address.options(self) }

    /// The part's rules in `market`, in priority order.
    func rules(in market: Market) -> [any ValidationRule<String>] {
        var rules: [any ValidationRule<String>] = []
        if isRequired(in: market) { rules.append(RequiredRule<String>()) }
        if let options = options(in: market) {
            rules.append(OneOfRule(options))
            return rules
        }
        switch self {
        case .postcode:
            rules.append(PostcodeRule(market: market))
        case .streetNumber:
            rules.append(LengthRule.max(market.address.maximumLength(of: self)))
            rules.append(
                CustomRule<String>(code: "street.number", message: "Enter a street number.") { value in
                    value.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                })
        case .unit, .street, .suburb, .town, .city, .county, .state:
            rules.append(LengthRule.max(market.address.maximumLength(of: self)))
        }
        return rules
    }
}

/// The state of one manual address child field, as a head shows it.
public struct ManualAddressFieldState: Hashable, Sendable {
    /// Which field.
    public var field: AddressPart
    /// The text as entered (for `state`, the chosen abbreviation).
    public var value: String
    /// Its validation status: checked when the field is left, and re-checked
    /// on every change while it shows an error (reward early, punish late).
    public var status: FieldStatus
    /// Whether it must be filled in.
    public var isRequired: Bool
    /// The choices of a drop-down (a state list), else `nil`.
    public var options: [String]?

    /// One manual part as the form shows it: its value, status and choices.
    public init(
        field: AddressPart, value: String, status: FieldStatus, isRequired: Bool, options: [String]? = nil
    ) {
        self.field = field
        self.value = value
        self.status = status
        self.isRequired = isRequired
        self.options = options
    }
}
