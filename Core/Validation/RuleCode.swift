/// The stable identifier of a violated rule, such as `email.format` or `length.min`.
///
/// Codes are the contract between rules, message catalogues, analytics and the
/// server: a head or a brand looks messages up by code, and a server answer such
/// as a 422 names the codes it rejected. A code never changes once shipped.
public struct RuleCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The dotted code itself, e.g. `length.min`.
    public let rawValue: String

    /// The code `rawValue` (`required`, `username.taken`), as messages and analytics name it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a code given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The code as written.
    public var description: String { rawValue }
}

extension RuleCode {
    /// A required value is missing (``RequiredRule``).
    public static let required: RuleCode = "required"
    /// Fewer characters than the minimum (``LengthRule``).
    public static let lengthMin: RuleCode = "length.min"
    /// More characters than the maximum (``LengthRule``).
    public static let lengthMax: RuleCode = "length.max"
    /// Outside a two-sided character range (``LengthRule``).
    public static let lengthRange: RuleCode = "length.range"
    /// The whole value does not match a regular expression (``PatternRule``).
    public static let patternMismatch: RuleCode = "pattern.mismatch"
    /// A rule could not be built (for example an invalid pattern) and fails closed (``UnavailableRule``).
    public static let ruleUnavailable: RuleCode = "rule.unavailable"
    /// Not an e-mail address (``EmailRule``).
    public static let emailFormat: RuleCode = "email.format"
    /// Differs from another field that it must equal (``EqualsFieldRule``).
    public static let fieldMismatch: RuleCode = "field.mismatch"
    /// Below a lower bound (``ComparisonRule``).
    public static let valueMin: RuleCode = "value.min"
    /// Above an upper bound (``ComparisonRule``).
    public static let valueMax: RuleCode = "value.max"
    /// Outside a two-sided bound (``ComparisonRule``).
    public static let valueRange: RuleCode = "value.range"
    /// Younger than a minimum age (``MinimumAgeRule``).
    public static let ageMinimum: RuleCode = "age.minimum"
    /// Not among the allowed choices (``OneOfRule``).
    public static let choiceInvalid: RuleCode = "choice.invalid"
    /// A box that must be ticked is not (``MustBeTrueRule``).
    public static let consentRequired: RuleCode = "consent.required"
    /// Not a mobile number of the expected numbering plan (``MobileNumberRule``).
    public static let mobileFormat: RuleCode = "mobile.format"
    /// Not a postcode of the expected shape (``PostcodeRule``).
    public static let postcodeFormat: RuleCode = "postcode.format"
    /// A password that does not meet the policy (``PasswordStrengthRule``).
    public static let passwordStrength: RuleCode = "password.strength"
}
