import LiveryCore

/// One child field of the manual address form.
///
/// Which fields a form has, and their rules, depend on the region:
/// Australia asks for a suburb and a state from a fixed list; New Zealand for
/// an optional suburb and a city. Both take an optional unit and a
/// four-digit postcode.
public enum ManualAddressField: String, Hashable, Sendable, CaseIterable, Codable {
    /// Unit, flat or apartment number (optional).
    case unit
    /// Street number, e.g. `12` or `12A`.
    case streetNumber
    /// Street name with its type, e.g. "Smith Street".
    case street
    /// Suburb: required in Australia, optional in New Zealand.
    case suburb
    /// Australian state or territory, chosen from ``AustralianState``.
    case state
    /// New Zealand city.
    case city
    /// Four-digit postcode.
    case postcode

    /// The fields of a manual address in `region`, in focus/display order:
    /// AU: unit, streetNumber, street, suburb, state, postcode;
    /// NZ: unit, streetNumber, street, suburb, city, postcode.
    public static func fields(in region: Region) -> [ManualAddressField] {
        switch region {
        case .australia: [.unit, .streetNumber, .street, .suburb, .state, .postcode]
        case .newZealand: [.unit, .streetNumber, .street, .suburb, .city, .postcode]
        }
    }

    /// Whether it takes keyboard focus (`state` is a drop-down: false).
    public var isFocusable: Bool { self != .state }

    /// Whether the field must be filled in `region`: the unit never is, and
    /// neither is a New Zealand suburb.
    public func isRequired(in region: Region) -> Bool {
        switch self {
        case .unit: false
        case .suburb: region == .australia
        case .streetNumber, .street, .state, .city, .postcode: true
        }
    }

    /// The fixed choices of a drop-down field in `region`: the Australian
    /// state abbreviations for `state`, otherwise `nil` (free text).
    public func options(in region: Region) -> [String]? {
        self == .state && region == .australia ? AustralianState.allCases.map(\.rawValue) : nil
    }

    /// The field's name in a ``Form``, e.g. `address.postcode`.
    public var fieldName: FieldName { FieldName("address.\(rawValue)") }

    /// The most characters the field accepts.
    var maximumLength: Int {
        switch self {
        case .unit, .streetNumber: 10
        case .street: 100
        case .suburb, .city: 60
        case .state, .postcode: 10
        }
    }

    /// The field's rules in `region`, in priority order.
    func rules(in region: Region) -> [any ValidationRule<String>] {
        var rules: [any ValidationRule<String>] = []
        if isRequired(in: region) { rules.append(RequiredRule<String>()) }
        switch self {
        case .postcode:
            rules.append(PostcodeRule(region: region))
        case .state:
            rules.append(OneOfRule(options(in: region) ?? []))
        case .streetNumber:
            rules.append(LengthRule.max(maximumLength))
            rules.append(
                CustomRule<String>(code: "street.number", message: "Enter a street number.") { value in
                    value.contains(where: \.isNumber)
                })
        case .unit, .street, .suburb, .city:
            rules.append(LengthRule.max(maximumLength))
        }
        return rules
    }
}

/// The state of one manual address child field, as a head shows it.
public struct ManualAddressFieldState: Hashable, Sendable {
    /// Which field.
    public var field: ManualAddressField
    /// The text as entered (for `state`, the chosen abbreviation).
    public var value: String
    /// Its validation status: checked when the field is left, and re-checked
    /// on every change while it shows an error (reward early, punish late).
    public var status: FieldStatus
    /// Whether it must be filled in.
    public var isRequired: Bool
    /// The choices of a drop-down (the Australian states), else `nil`.
    public var options: [String]?

    /// A field state.
    public init(
        field: ManualAddressField, value: String, status: FieldStatus, isRequired: Bool, options: [String]? = nil
    ) {
        self.field = field
        self.value = value
        self.status = status
        self.isRequired = isRequired
        self.options = options
    }
}
