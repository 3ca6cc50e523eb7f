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

    /// A format of postcodes matching `pattern` in the market with code `marketCode`.
    /// - Throws: ``InvalidPatternError`` when the pattern does not compile.
    public init(
        pattern: String, example: String, message: String, upperCased: Bool = false, marketCode: String
    ) throws(InvalidPatternError) {
        self.pattern = pattern
        self.example = example
        self.message = message
        self.upperCased = upperCased
        compiled = try PatternRule(pattern).reporting(
            code: .postcodeFormat, message: message, parameters: ["market": marketCode, "example": example])
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

/// The text must be a postcode of a market, as its ``PostcodeFormat`` says
/// (surrounding spaces are not trimmed: use the field's transform). Code
/// `postcode.format` (parameters `market`, `example`).
public struct PostcodeRule: ValidationRule {
    /// The market whose postcodes are expected.
    public let market: Market

    private let compiled: PatternRule

    /// Postcodes of `market`.
    public init(market: Market) {
        self.market = market
        compiled = market.postcode.compiled
    }

    /// Fails unless the whole value matches the market's pattern.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        compiled.check(value, in: context)
    }
}
