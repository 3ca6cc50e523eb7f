import Testing

@testable import LiveryCore

@Suite("Text rules")
struct TextRuleTests {
    @Test("required rejects empty and blank text, accepts any visible character")
    func required() {
        let rule = RequiredRule<String>()
        #expect(code(rule, "") == .required)
        #expect(code(rule, "   ") == .required)
        #expect(code(rule, "\n\t") == .required)
        #expect(code(rule, " a ") == nil)
        #expect(code(rule, "é") == nil)
        #expect(rule.isRequirement)
    }

    @Test("required works for optionals, collections and enums with a none case")
    func requiredEmptiness() {
        enum Title: Emptiable {
            case none, mr, ms
            var isEmptyValue: Bool { self == .none }
        }
        #expect(code(RequiredRule<Title>(), .none) == .required)
        #expect(code(RequiredRule<Title>(), .ms) == nil)
        #expect(code(RequiredRule<Int?>(), nil) == .required)
        #expect(code(RequiredRule<Int?>(), 0) == nil)
        #expect(code(RequiredRule<[String]>(), []) == .required)
        #expect(code(RequiredRule<[String]>(), [""]) == nil)
    }

    @Test(
        "minimum length: one under fails, at and over pass",
        arguments: [
            ("1234567", RuleCode?.some(.lengthMin)), ("12345678", nil), ("123456789", nil),
        ])
    func minimumLength(input: String, expected: RuleCode?) {
        #expect(code(LengthRule.min(8), input) == expected)
    }

    @Test("maximum length: at passes, one over fails")
    func maximumLength() {
        #expect(code(LengthRule.max(3), "abc") == nil)
        #expect(code(LengthRule.max(3), "abcd") == .lengthMax)
        #expect(code(LengthRule.max(3), "") == nil)
    }

    @Test("range length reports its own code with both bounds")
    func rangeLength() throws {
        let rule = LengthRule.range(2...4)
        #expect(code(rule, "a") == .lengthRange)
        #expect(code(rule, "ab") == nil)
        #expect(code(rule, "abcd") == nil)
        #expect(code(rule, "abcde") == .lengthRange)
        let violation = try #require(rule.check("a", in: .standalone))
        #expect(violation.parameters == ["minimum": "2", "maximum": "4"])
        #expect(violation.message == "Enter between 2 and 4 characters.")
    }

    @Test("length counts characters as a user sees them")
    func lengthCountsGraphemes() {
        let decomposed = "Jose\u{0301}"  // "José" with a combining accent: 4 characters, 5 scalars
        #expect(code(LengthRule.max(4), decomposed) == nil)
        #expect(code(LengthRule.min(5), decomposed) == .lengthMin)
        let family = "👨‍👩‍👧‍👦"  // one character made of seven scalars
        #expect(code(LengthRule.max(1), family) == nil)
        #expect(code(LengthRule.min(2), "Zoë" + family) == nil)
        #expect(code(LengthRule.max(3), " ab ") == .lengthMax, "spaces count unless a transform trims them")
    }

    @Test("pattern must match the whole value")
    func patternWholeString() throws {
        let rule = try PatternRule("[0-9]{4}")
        #expect(code(rule, "1234") == nil)
        #expect(code(rule, "12345") == .patternMismatch)
        #expect(code(rule, "a1234") == .patternMismatch)
        #expect(code(rule, "1234\n") == .patternMismatch)
        #expect(code(rule, "") == .patternMismatch)
        let alternation = try PatternRule("cat|dog")
        #expect(code(alternation, "cat") == nil)
        #expect(code(alternation, "catdog") == .patternMismatch, "alternation is anchored as a whole")
    }

    @Test("seed-style patterns with their own anchors and message")
    func seedPattern() throws {
        let rule = try PatternRule("^6[0-9]{8}$", code: "mobile.cameroon", message: "Invalid phone format")
        #expect(code(rule, "612345678") == nil)
        let violation = try #require(rule.check("61234567", in: .standalone))
        #expect(violation.code == "mobile.cameroon")
        #expect(violation.message == "Invalid phone format")
        let upper = try PatternRule("^[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,}$", caseInsensitive: true)
        #expect(code(upper, "orlando@gmail.com") == nil)
    }

    @Test("an invalid pattern is a clear error, and fails closed when stood in for")
    func invalidPattern() {
        #expect(throws: InvalidPatternError.self) { try PatternRule("[0-9") }
        do {
            _ = try PatternRule("(unclosed")
            Issue.record("an invalid pattern compiled")
        } catch {
            let named = error.for("postcode")
            #expect(named.description.contains("field 'postcode'"))
            #expect(named.description.contains("(unclosed"))
            let standIn = UnavailableRule<String>(named)
            #expect(code(standIn, "3000") == .ruleUnavailable)
            #expect(standIn.check("x", in: .standalone)?.parameters["diagnostic"]?.contains("postcode") == true)
        }
    }

    @Test("a pattern longer than 1,000 characters is refused saying how long it is, and shown cut short")
    func patternLength() throws {
        let longest = String(repeating: "a", count: PatternRule.maxLength)
        #expect(code(try PatternRule(longest), longest) == nil)
        let letters = String(repeating: "[\\p{L}]", count: 200)
        let error = #expect(throws: InvalidPatternError.self) { try PatternRule(letters) }
        #expect(error?.reason == "it has 1400 characters; a pattern may have at most 1000")
        let said = error?.description ?? ""
        #expect(said.hasPrefix("invalid regular expression '[\\p{L}][") && said.contains("…': it has 1400"), "\(said)")
        #expect(said.count < 200, "\(said)")
    }

    @Test(
        "email follows the HTML rule, needs a dot in the domain and at most 254 characters",
        arguments: [
            ("orlando@gmail.com", true), ("first.last+tag@mail.example.com.au", true), ("a@b.co", true),
            ("o'neil@example.ie", true), ("invalid_email", false), ("@example.com", false), ("name@", false),
            ("name@localhost", false), ("name@-example.com", false), ("name@example-.com", false),
            ("name@example..com", false), ("name@.example.com", false), ("name@example.com.", false),
            ("na me@example.com", false), ("josé@example.com", false), ("a@b@c.com", false), (" a@b.co", false),
        ])
    func email(input: String, valid: Bool) {
        #expect((code(EmailRule(), input) == nil) == valid)
    }

    @Test("email length limit: 254 passes, 255 fails")
    func emailLength() {
        let domain = "@example.com"
        let at254 = String(repeating: "a", count: 254 - domain.count) + domain
        #expect(at254.count == 254)
        #expect(code(EmailRule(), at254) == nil)
        #expect(code(EmailRule(), "a" + at254) == .emailFormat)
        let label63 = String(repeating: "b", count: 63)
        let label64 = label63 + "b"
        #expect(code(EmailRule(), "a@\(label63).com") == nil)
        #expect(code(EmailRule(), "a@\(label64).com") == .emailFormat)
    }

    @Test("one-of accepts listed values only")
    func oneOf() throws {
        let rule = OneOfRule(["NSW", "VIC"])
        #expect(code(rule, "VIC") == nil)
        #expect(code(rule, "vic") == .choiceInvalid)
        #expect(try #require(rule.check("WA", in: .standalone)).parameters["allowed"] == "NSW, VIC")
    }

    @Test("must-be-true accepts only a ticked box")
    func mustBeTrue() {
        #expect(code(MustBeTrueRule(), false) == .consentRequired)
        #expect(code(MustBeTrueRule(), true) == nil)
    }

    @Test("equals-other-field compares with the other field and fails closed without it")
    func equalsField() {
        let rule = EqualsFieldRule(FieldKey<String>("password"))
        let context = ValidationContext(fields: StubFields(strings: ["password": "Secret123"]))
        #expect(rule.check("Secret123", in: context) == nil)
        #expect(rule.check("secret123", in: context)?.code == .fieldMismatch)
        #expect(rule.check("Secret123", in: .standalone)?.code == .fieldMismatch)
        #expect(rule.dependencies == ["password"])
    }

    @Test("closure rule reports its code and message")
    func closure() {
        let rule = CustomRule<String>(code: "username.noSpaces", message: "No spaces") { !$0.contains(" ") }
        #expect(code(rule, "a b") == "username.noSpaces")
        #expect(code(rule, "ab") == nil)
    }

    @Test("relabelled rules keep parameters and take the new code and message")
    func relabel() throws {
        let rule = LengthRule.min(3).reported(as: "username.short", message: "Use {minimum}+ characters")
        let violation = try #require(rule.check("ab", in: .standalone))
        #expect(violation.code == "username.short")
        #expect(violation.message == "Use 3+ characters")
    }
}

@Suite("Emptiness")
struct EmptinessTests {
    @Test(
        "blank means only white space, ASCII or not",
        arguments: [
            ("", true), (" ", true), ("\t\r\n", true), ("\u{00A0}", true), ("\u{3000} \u{2003}", true),
            ("a", false), (" a", false), ("\u{00A0}é", false), ("\u{0001}", false), ("🙂", false),
        ])
    func blank(text: String, empty: Bool) {
        #expect(text.isEmptyValue == empty)
    }
}
