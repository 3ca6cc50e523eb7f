/// The text must have a number of characters within bounds.
///
/// Characters are counted as a user sees them (extended grapheme clusters):
/// "é" typed as `e` + combining accent is one character, and so is a family
/// emoji. White space counts; trim with the field's transform if it should not.
///
/// Codes: `length.min` (parameter `minimum`), `length.max` (`maximum`), and
/// `length.range` (`minimum`, `maximum`) for a rule with both bounds.
public struct LengthRule: ValidationRule {
    /// The fewest characters allowed, if bounded below.
    public let minimum: Int?
    /// The most characters allowed, if bounded above.
    public let maximum: Int?

    /// At least `minimum` characters.
    public static func min(_ minimum: Int) -> LengthRule { LengthRule(minimum: minimum, maximum: nil) }

    /// At most `maximum` characters.
    public static func max(_ maximum: Int) -> LengthRule { LengthRule(minimum: nil, maximum: maximum) }

    /// Between `bounds.lowerBound` and `bounds.upperBound` characters, inclusive.
    public static func range(_ bounds: ClosedRange<Int>) -> LengthRule {
        LengthRule(minimum: bounds.lowerBound, maximum: bounds.upperBound)
    }

    private init(minimum: Int?, maximum: Int?) {
        precondition(
            minimum.map { $0 >= 0 } ?? true && maximum.map { $0 >= 0 } ?? true, "length bounds cannot be negative")
        self.minimum = minimum
        self.maximum = maximum
        violation =
            switch (minimum, maximum) {
            case (let min?, let max?):
                RuleViolation(
                    code: .lengthRange, parameters: ["minimum": String(min), "maximum": String(max)],
                    template: "Enter between {minimum} and {maximum} characters.")
            case (let min?, nil):
                RuleViolation(
                    code: .lengthMin, parameters: ["minimum": String(min)],
                    template: "Enter at least {minimum} characters.")
            case (nil, let max?):
                RuleViolation(
                    code: .lengthMax, parameters: ["maximum": String(max)],
                    template: "Enter no more than {maximum} characters.")
            case (nil, nil):
                nil
            }
    }

    /// What the rule reports when a count is out of bounds.
    private let violation: RuleViolation?

    /// The number of characters in `text`, counting no further than `limit`.
    /// ASCII text without carriage returns has one character per byte, so it
    /// is counted by bytes; anything else by extended grapheme clusters.
    static func characterCount(_ text: String, upTo limit: Int) -> Int {
        let plain = text.withUTF8Bytes { bytes in
            // ASCII without carriage returns (CR LF is one character): one character per byte.
            var index = 0
            while index < bytes.count, bytes[index] < 0x80, bytes[index] != 0x0D { index += 1 }
            return index == bytes.count ? bytes.count : nil
        }
        if let plain { return Swift.min(plain, limit) }
        var count = 0
        for _ in text {
            count += 1
            if count >= limit { break }
        }
        return count
    }

    /// Fails when the character count is outside the bounds.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        let count = Self.characterCount(value, upTo: (maximum ?? minimum ?? 0) + 1)
        let tooShort = minimum.map { count < $0 } ?? false
        let tooLong = maximum.map { count > $0 } ?? false
        return tooShort || tooLong ? violation : nil
    }
}
