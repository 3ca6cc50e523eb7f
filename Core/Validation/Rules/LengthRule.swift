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
        precondition(minimum.map { $0 >= 0 } ?? true && maximum.map { $0 >= 0 } ?? true, "length bounds cannot be negative")
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Fails when the character count is outside the bounds.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        // Counting stops as soon as the answer is known: long inputs cost no more than `maximum + 1` steps.
        let limit = (maximum ?? minimum ?? 0) + 1
        var count = 0
        for _ in value {
            count += 1
            if count >= limit { break }
        }
        switch (minimum, maximum) {
        case let (min?, max?) where count < min || count > max:
            return RuleViolation(code: .lengthRange, parameters: ["minimum": "\(min)", "maximum": "\(max)"],
                                 template: "Enter between {minimum} and {maximum} characters.")
        case let (min?, nil) where count < min:
            return RuleViolation(code: .lengthMin, parameters: ["minimum": "\(min)"],
                                 template: "Enter at least {minimum} characters.")
        case let (nil, max?) where count > max:
            return RuleViolation(code: .lengthMax, parameters: ["maximum": "\(max)"],
                                 template: "Enter no more than {maximum} characters.")
        default:
            return nil
        }
    }
}
