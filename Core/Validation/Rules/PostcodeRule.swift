/// The text must be a postcode of a region: four ASCII digits in Australia
/// and in New Zealand (surrounding spaces are not trimmed: use the field's
/// transform). Code `postcode.format` (parameters `region`, `digits`).
public struct PostcodeRule: ValidationRule {
    /// The region whose postcodes are expected.
    public let region: Region

    private let violation: RuleViolation

    /// Postcodes of `region`.
    public init(region: Region) {
        self.region = region
        violation = RuleViolation(
            code: .postcodeFormat,
            parameters: ["region": region.code, "digits": String(Self.digitCount(for: region))],
            template: "Enter a {digits}-digit postcode.")
    }

    /// How many digits a postcode of `region` has.
    public static func digitCount(for region: Region) -> Int {
        switch region {
        case .australia, .newZealand: 4
        }
    }

    /// Fails unless `value` is exactly the region's number of ASCII digits.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        let digits = Self.digitCount(for: region)
        let utf8 = value.utf8
        if utf8.count == digits, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return nil }
        return violation
    }
}
