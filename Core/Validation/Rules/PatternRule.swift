import Foundation

/// The whole text must match a regular expression.
///
/// The pattern uses ICU syntax (as `NSRegularExpression`, available on every
/// platform) and is compiled once, when the rule is made: a pattern of the
/// everyday subset (literals, classes, groups, alternation, quantifiers) into
/// an automaton that matches without ICU and without allocating, any other
/// pattern by ICU. The answers are the same either way. It must match the
/// entire value — the rule anchors it as `\A(?:pattern)\z`, so `[0-9]{4}`
/// rejects `12345` and `^`/`$` in a pattern are harmless. Code
/// `pattern.mismatch` (parameter `pattern`), or the code and message given.
public struct PatternRule: ValidationRule {
    /// The message of a mismatch unless another is given.
    public static let defaultMessage = "Enter a value in the expected format."

    /// The longest pattern a rule takes, in characters. Patterns come in form
    /// definitions from a server, and compiling one costs time with its length
    /// (each `\p{L}` builds a set of every letter): an everyday pattern is
    /// well under a hundred characters.
    public static let maxLength = 1_000

    /// The pattern as written.
    public let pattern: String
    private let expression: NSRegularExpression
    /// The pattern compiled without ICU, when it is of the everyday subset (an automaton that answers as ICU does).
    private let matcher: PatternMatcher?
    private var violation: RuleViolation

    /// Compiles `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: An ICU regular expression.
    ///   - caseInsensitive: Whether letters match regardless of case.
    ///   - code: The code reported on a mismatch.
    ///   - message: The default message on a mismatch.
    /// - Throws: ``InvalidPatternError`` when the pattern does not compile.
    public init(
        _ pattern: String, caseInsensitive: Bool = false, code: RuleCode = .patternMismatch,
        message: String = PatternRule.defaultMessage
    ) throws(InvalidPatternError) {
        let length = pattern.count
        guard length <= Self.maxLength else {
            throw InvalidPatternError(
                pattern: pattern, reason: "it has \(length) characters; a pattern may have at most \(Self.maxLength)")
        }
        do {
            expression = try NSRegularExpression(
                pattern: "\\A(?:\(pattern))\\z",
                options: caseInsensitive ? [.caseInsensitive] : [])
        } catch {
            throw InvalidPatternError(pattern: pattern, reason: Self.reason(pattern, error))
        }
        self.pattern = pattern
        matcher = caseInsensitive ? nil : PatternMatcher(pattern)
        violation = RuleViolation(code: code, parameters: ["pattern": pattern], template: message)
    }

    /// Whether the rule answers with its own automaton rather than ICU: the fuzzer compares the two only then
    /// (ICU's own backtracking can take seconds on a pattern outside the subset, such as a loop that can match
    /// nothing, `(?:a|)*`, over a few characters).
    @_spi(Fuzzing) public var answersWithoutICU: Bool { matcher != nil }

    /// The same compiled pattern reporting `code` and `message` on a mismatch:
    /// what a form built again and again from one definition uses, so the
    /// pattern is compiled once.
    public func reporting(code: RuleCode, message: String) -> PatternRule {
        reporting(code: code, message: message, parameters: ["pattern": pattern])
    }

    /// The same compiled pattern reporting `code`, `message` and `parameters` on a mismatch.
    public func reporting(code: RuleCode, message: String, parameters: [String: String]) -> PatternRule {
        var copy = self
        copy.violation = RuleViolation(code: code, parameters: parameters, template: message)
        return copy
    }

    /// Fails unless the whole value matches.
    public func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        if let matcher { return matcher.matches(value) ? nil : violation }
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        if expression.firstMatch(in: value, options: [], range: range) != nil { return nil }
        return violation
    }
}

extension PatternRule {
    /// Why `pattern` does not compile, in words a person can act on ("expected ')'"): the system's own
    /// message on Linux is only "The value is invalid.", so the pattern is parsed again to say where.
    static func reason(_ pattern: String, _ error: any Error) -> String {
        do {
            _ = try Regex(pattern)
        } catch {
            return "\(error)"
        }
        return (error as NSError).localizedDescription
    }
}

/// A regular expression that does not compile.
public struct InvalidPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Why it does not compile.
    public let reason: String
    /// The field the pattern was meant for, when known.
    public var field: FieldName?

    /// Describes a bad pattern.
    public init(pattern: String, reason: String, field: FieldName? = nil) {
        self.pattern = pattern
        self.reason = reason
        self.field = field
    }

    /// The same error, naming the field it belongs to.
    public func `for`(_ field: FieldName) -> InvalidPatternError {
        var copy = self
        copy.field = field
        return copy
    }

    /// Names the field, the pattern (its first 100 characters, when longer) and the reason.
    public var description: String {
        let place = field.map { "field '\($0)': " } ?? ""
        let shown = pattern.count > 100 ? pattern.prefix(100) + "…" : Substring(pattern)
        return "\(place)invalid regular expression '\(shown)': \(reason)"
    }
}
