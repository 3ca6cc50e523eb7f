/// How a market writes its postcodes: a pattern the whole postcode matches,
/// an example, the message shown when one does not match, and whether
/// letters are upper-cased as typed.
public struct PostcodeFormat: Hashable, Sendable {
    /// The pattern (a regular expression matched against the whole postcode), e.g. `[0-9]{4}`.
    public let pattern: String
    /// A postcode of the market, e.g. `SW1A 1AA`.
    public let example: String
    /// The message of a postcode that does not match; `{example}` stands for ``example``.
    public let message: String
    /// Whether letters are upper-cased as they are typed (`sw1a` → `SW1A`).
    public let upperCased: Bool
    /// The pattern compiled once, reporting `postcode.format`.
    fileprivate let compiled: PatternRule

    /// A format of postcodes matching `pattern` in the market with code `regionCode`.
    /// - Throws: ``InvalidPatternError`` when the pattern does not compile.
    public init(
        pattern: String, example: String, message: String, upperCased: Bool = false, regionCode: String
    ) throws(InvalidPatternError) {
        self.pattern = pattern
        self.example = example
        self.message = message
        self.upperCased = upperCased
        compiled = try PatternRule(pattern).reporting(
            code: .postcodeFormat, message: message, parameters: ["region": regionCode, "example": example])
    }

    /// Whether the whole of `text` is a postcode of the market.
    public func matches(_ text: String) -> Bool { compiled.check(text, in: .standalone) == nil }

    /// `text` as kept after a keystroke: upper-cased when the market writes postcodes so.
    public func typed(_ text: String) -> String { upperCased ? text.uppercased() : text }

    public static func == (lhs: PostcodeFormat, rhs: PostcodeFormat) -> Bool {
        (lhs.pattern, lhs.example, lhs.message, lhs.upperCased) == (
            rhs.pattern, rhs.example, rhs.message, rhs.upperCased
        )
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// The text must be a postcode of a region, as its ``PostcodeFormat`` says
/// (surrounding spaces are not trimmed: use the field's transform). Code
/// `postcode.format` (parameters `region`, `example`).
public struct PostcodeRule: ValidationRule {
    /// The region whose postcodes are expected.
    public let region: Region

    private let compiled: PatternRule

    /// Postcodes of `region`.
    public init(region: Region) {
        self.region = region
        compiled = region.postcode.compiled
    }

    /// Fails unless the whole value matches the region's pattern.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        compiled.check(value, in: context)
    }
}
