import LiveryCore

/// The manual address form's children are the parts of the market's address.
extension AddressPart {
    /// The parts of a manual address in `region`, in focus/display order (its pack's order).
    public static func fields(in region: Region) -> [AddressPart] { region.address.order }

    /// Whether it takes keyboard focus in `region`: a part with fixed choices is a drop-down and does not.
    public func isFocusable(in region: Region) -> Bool { region.address.options(self) == nil }

    /// Whether the part must be filled in `region` (the unit never is).
    public func isRequired(in region: Region) -> Bool { region.address.isRequired(self) }

    /// The fixed choices of a drop-down part in `region` (a state list), otherwise `nil` (free text).
    public func options(in region: Region) -> [String]? { region.address.options(self) }

    /// The part's rules in `region`, in priority order.
    func rules(in region: Region) -> [any ValidationRule<String>] {
        var rules: [any ValidationRule<String>] = []
        if isRequired(in: region) { rules.append(RequiredRule<String>()) }
        if let options = options(in: region) {
            rules.append(OneOfRule(options))
            return rules
        }
        switch self {
        case .postcode:
            rules.append(PostcodeRule(region: region))
        case .streetNumber:
            rules.append(LengthRule.max(region.address.maximumLength(of: self)))
            rules.append(
                CustomRule<String>(code: "street.number", message: "Enter a street number.") { value in
                    value.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                })
        case .unit, .street, .suburb, .town, .city, .county, .state:
            rules.append(LengthRule.max(region.address.maximumLength(of: self)))
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
