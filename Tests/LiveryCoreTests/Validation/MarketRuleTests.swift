import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Market and password rules")
struct MarketRuleTests {
    @Test(
        "Australian mobiles: 04 plus eight digits, +61 accepted, spaces and hyphens ignored",
        arguments: [
            ("0412 345 678", true), ("0412345678", true), ("+61 412 345 678", true), ("+61412345678", true),
            ("0412-345-678", true), ("041234567", false), ("04123456789", false), ("0312 345 678", false),
            ("+61 0412 345 678", false), ("+64 412 345 678", false), ("0412 345 67a", false), ("", false),
            ("04１2345678", false),
        ])
    func australianMobile(input: String, valid: Bool) {
        #expect((code(MobileNumberRule(market: .australia), input) == nil) == valid)
    }

    @Test(
        "New Zealand mobiles: 02x with 8 to 10 digits, +64 accepted",
        arguments: [
            ("021 123 4567", true), ("0211234567", true), ("021 123 456", true), ("021 12345", true),
            ("0211234", false), ("02112345678", false), ("+64 21 123 4567", true), ("+6421123456", true),
            ("031 123 4567", false), ("0412 345 678", false),
        ])
    func newZealandMobile(input: String, valid: Bool) {
        #expect((code(MobileNumberRule(market: .newZealand), input) == nil) == valid)
    }

    @Test("mobile violations name the market and an example")
    func mobileParameters() throws {
        let violation = try #require(MobileNumberRule(market: .newZealand).check("12", in: .standalone))
        #expect(violation.parameters == ["market": "NZ", "example": "021 123 4567"])
        #expect(violation.message == "Enter a mobile number like 021 123 4567.")
    }

    @Test(
        "postcodes are exactly four ASCII digits in Australia and New Zealand",
        arguments: [Market.australia, .newZealand])
    func postcode(market: Market) {
        let rule = PostcodeRule(market: market)
        #expect(code(rule, "3000") == nil)
        #expect(code(rule, "0800") == nil)
        #expect(code(rule, "300") == .postcodeFormat)
        #expect(code(rule, "30000") == .postcodeFormat)
        #expect(code(rule, "30a0") == .postcodeFormat)
        #expect(code(rule, " 3000") == .postcodeFormat)
        #expect(code(rule, "٣٠٠٠") == .postcodeFormat, "non-ASCII digits are not postcode digits")
    }

    @Test(
        "British mobiles: 07 then nine digits, +44 7 accepted",
        arguments: [
            ("07700 900123", true), ("07700900123", true), ("+44 7700 900123", true), ("+447700900123", true),
            ("0770 090 012", false), ("077009001234", false), ("01632 960123", false), ("07000 900123", false),
            ("+44 07700 900123", false), ("0412 345 678", false),
        ])
    func britishMobile(input: String, valid: Bool) {
        #expect((code(MobileNumberRule(market: .greatBritain), input) == nil) == valid)
    }

    @Test(
        "British postcodes in their real shapes, with or without the space",
        arguments: [
            ("SW1A 1AA", true), ("SW1A1AA", true), ("M1 1AE", true), ("B33 8TH", true), ("CR2 6XH", true),
            ("DN55 1PT", true), ("EC1A 1BB", true), ("sw1a 1aa", false), ("SW1A 1A", false), ("3066", false),
            ("SW1A  1AA", false), ("", false),
        ])
    func britishPostcode(input: String, valid: Bool) throws {
        let violation = PostcodeRule(market: .greatBritain).check(input, in: .standalone)
        #expect((violation == nil) == valid)
        if let violation {
            #expect(violation.message == "Enter a postcode like SW1A 1AA.")
            #expect(violation.parameters == ["market": "GB", "example": "SW1A 1AA"])
        }
        #expect(Market.greatBritain.postcode.typed("sw1a 1aa") == "SW1A 1AA", "upper-cased as typed")
    }

    @Test("password strength lists every unmet part and never the password")
    func passwordStrength() throws {
        let rule = PasswordStrengthRule(.standard)
        #expect(code(rule, "Abcdefg1") == nil)
        let short = try #require(rule.check("Abcdef1", in: .standalone))
        #expect(short.parameters["missing"] == "length")
        let weak = try #require(rule.check("abcdefgh", in: .standalone))
        #expect(weak.parameters["missing"] == "uppercase,digit")
        #expect(!weak.message.contains("abcdefgh"))
        #expect(!weak.parameters.values.contains("abcdefgh"))
        #expect(code(rule, "ÉCOLEété9") == nil, "letters of any script count for case")
        let long = try #require(rule.check(String(repeating: "Aa1", count: 22), in: .standalone))
        #expect(long.parameters["missing"] == "maximumLength")
    }

    @Test("password symbols: anything not a letter, digit or space")
    func passwordSymbols() {
        let rule = PasswordStrengthRule(PasswordPolicy(minimumLength: 1, requiredClasses: [.symbol]))
        #expect(code(rule, "abc!") == nil)
        #expect(code(rule, "abc 1") == .passwordStrength)
        #expect(code(rule, "🙂") == nil)
    }

    @Test("passwords read byte by byte count and classify exactly as character by character")
    func passwordSurveyMatchesCharacters() {
        // Every ASCII character, with white space, CR LF and a few non-ASCII ones among them.
        let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + ["\r\n", "é", "🙂", "Ä", "٣"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let password = String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let survey = PasswordStrengthRule.survey(password)
            #expect(survey.count == password.count, "\(password.debugDescription)")
            for kind in PasswordPolicy.CharacterClass.allCases {
                #expect(
                    survey.present.contains(kind) == password.contains(where: kind.matches),
                    "\(kind) in \(password.debugDescription)")
            }
        }
    }

    @Test("a mobile number with more digits than any plan has is refused, however it is spaced")
    func overlongMobile() {
        #expect(
            code(MobileNumberRule(market: .australia), String(repeating: "0412 345 678 ", count: 20)) == .mobileFormat)
        #expect(Market.australia.mobile.subscriberNumber(of: "+61 412-345-678") == "412345678")
        #expect(Market.australia.mobile.subscriberNumber(of: "+61 +412345678") == nil)
        #expect(Market.newZealand.mobile.subscriberNumber(of: "021 123 4567") == "211234567")
    }
}
