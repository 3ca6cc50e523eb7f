import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Forms built from definitions")
struct DefinitionBuildingTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let australia = RuleEnvironment(market: .australia, wallClock: .fixed(today))

    private func form(_ json: String, in environment: RuleEnvironment = australia) throws -> Form {
        try FormDefinition.load(json: Data(json.utf8)).makeForm(in: environment)
    }

    @Test("start states: required fields unknown; optional, prefilled-valid and ticked ones valid")
    func initialStates() throws {
        let form = try form(
            #"""
            {"fields": [
                {"name": "Email", "inputType": "Email", "validate": {"mandatory": true, "custom": [{"rule": "email"}]}},
                {"name": "Nickname", "inputType": "Text"},
                {"name": "Promo", "inputType": "Text", "defaultValue": "WELCOME", "validate": {"mandatory": true}},
                {"name": "Mobile", "inputType": "Tel", "defaultValue": "+237", "validate": {"mandatory": true, "custom": [{"rule": "regex", "pattern": "6[0-9]{8}"}]}},
                {"name": "Marketing", "inputType": "Checkbox"},
                {"name": "Terms", "inputType": "Checkbox", "validate": {"mandatory": true}}
            ]}
            """#)
        #expect(form.status(of: "Email") == .unknown)
        #expect(form.status(of: "Nickname") == .valid)
        #expect(form.status(of: "Promo") == .valid)
        #expect(
            form.status(of: "Mobile") == .unknown, "a prefilled value that breaks its rules is not treated as valid")
        #expect(form.status(of: "Marketing") == .valid)
        #expect(form.status(of: "Terms") == .unknown)
    }

    @Test("mandatory, lengths and custom rules apply in order with the definition's messages")
    func rulesFromData() throws {
        var form = try form(
            #"""
            {"fields": [{"name": "Mobile", "inputType": "Tel",
              "validate": {"mandatory": true, "minLength": 8, "maxLength": 15,
                           "custom": [{"rule": "regex", "pattern": "^6[0-9]{8}$", "errorMessage": "Invalid phone format"}]}}]}
            """#)
        let mobile = FieldKey<String>("Mobile")
        form.leave("Mobile")
        #expect(form.status(of: "Mobile")?.violations.map(\.code) == [.required])
        form.setValue("61234", for: mobile)
        form.leave("Mobile")
        #expect(form.status(of: "Mobile")?.violations.map(\.code) == [.lengthRange, .patternMismatch])
        #expect(form.status(of: "Mobile")?.violations.last?.message == "Invalid phone format")
        form.setValue("612345678", for: mobile)
        #expect(form.status(of: "Mobile") == .valid)
    }

    @Test("a regex rule changed after loading checks its new pattern, case and message; equal rules compare equal")
    func changedPatternRule() throws {
        var definition = try FormDefinition.load(
            json: Data(
                #"""
                {"fields": [{"name": "Code", "inputType": "Text",
                  "validate": {"custom": [{"rule": "regex", "pattern": "[0-9]{4}", "errorMessage": "Four digits"}]}}]}
                """#.utf8))
        let code = FieldKey<String>("Code")
        func status(of text: String, in definition: FormDefinition) -> FieldStatus? {
            var form = definition.makeForm(in: Self.australia)
            form.setValue(text, for: code)
            form.leave("Code")
            return form.status(of: "Code")
        }
        #expect(status(of: "1234", in: definition) == .valid)
        #expect(status(of: "abcd", in: definition)?.violations.map(\.message) == ["Four digits"])

        let loaded = definition
        definition.fields[0].validate.custom[0].pattern = "[a-z]{4}"
        definition.fields[0].validate.custom[0].errorMessage = "Four letters"
        #expect(definition != loaded)
        #expect(status(of: "abcd", in: definition) == .valid)
        #expect(status(of: "1234", in: definition)?.violations.map(\.message) == ["Four letters"])
        #expect(status(of: "ABCD", in: definition) != .valid)
        definition.fields[0].validate.custom[0].caseInsensitive = true
        #expect(status(of: "ABCD", in: definition) == .valid)

        definition.fields[0].validate.custom[0].pattern = "[0-9"
        #expect(
            status(of: "abcd", in: definition)?.violations.map(\.code) == [.ruleUnavailable],
            "a pattern that no longer compiles fails closed")

        let rebuilt = RuleDefinition(rule: .regex, pattern: "[0-9]{4}", errorMessage: "Four digits")
        #expect(rebuilt == loaded.fields[0].validate.custom[0])
        #expect(Set([rebuilt, loaded.fields[0].validate.custom[0]]).count == 1)
    }

    @Test("mobile and postcode rules follow the runtime's market")
    func marketsOwnRules() throws {
        let json =
            #"{"fields": [{"name": "Mobile", "inputType": "Tel", "validate": {"custom": [{"rule": "mobile"}]}}]}"#
        let mobile = FieldKey<String>("Mobile")
        var australian = try form(json)
        australian.setValue("0412 345 678", for: mobile)
        australian.leave("Mobile")
        #expect(australian.status(of: "Mobile") == .valid)
        var newZealand = try form(json, in: RuleEnvironment(market: .newZealand, wallClock: .fixed(Self.today)))
        newZealand.setValue("0412 345 678", for: mobile)
        newZealand.leave("Mobile")
        #expect(newZealand.status(of: "Mobile")?.violations.first?.parameters["market"] == "NZ")
    }

    @Test("a date of birth typed as dd/mm/yyyy must be real and 18 years ago or more")
    func dateOfBirth() throws {
        var form = try form(
            #"{"fields": [{"name": "DateOfBirth", "inputType": "Date", "validate": {"mandatory": true, "custom": [{"rule": "minimumAge", "years": 18}]}}]}"#
        )
        let dob = FieldKey<String>("DateOfBirth")
        for (typed, expected) in [
            ("21/11/2008", nil), ("22/11/2008", RuleCode.ageMinimum), ("31/02/2000", "date.invalid"),
            ("2000-01-01", "date.invalid"),
        ] as [(String, RuleCode?)] {
            form.setValue(typed, for: dob)
            form.leave("DateOfBirth")
            #expect(form.status(of: "DateOfBirth")?.violations.first?.code == expected, "\(typed)")
        }
    }

    @Test("a relabelled built-in rule keeps its parameters and requirement nature")
    func relabelled() throws {
        var form = try form(
            #"{"fields": [{"name": "Password", "inputType": "Password", "validate": {"mandatory": true, "custom": [{"rule": "passwordStrength", "minLength": 10, "errorMessage": "At least {minimumLength} characters, please", "code": "password.weak"}]}}]}"#
        )
        form.setValue("Abcdefgh1", for: FieldKey<String>("Password"))
        form.leave("Password")
        let violation = try #require(form.status(of: "Password")?.violations.first)
        #expect(violation.code == "password.weak")
        #expect(violation.message == "At least 10 characters, please")
        #expect(!violation.message.contains("Abcdefgh1"))
    }

    @Test("a select with options accepts only those; a mandatory checkbox must be ticked")
    func selectAndCheckbox() throws {
        var form = try form(
            #"{"fields": [{"name": "State", "inputType": "Select", "options": ["NSW", "VIC"], "validate": {"mandatory": true, "custom": [{"rule": "oneOf"}]}}, {"name": "Terms", "inputType": "Checkbox", "validate": {"mandatory": true}}]}"#
        )
        form.setValue("QLD", for: FieldKey<String>("State"))
        form.validateAll()
        #expect(form.status(of: "State")?.violations.map(\.code) == [.choiceInvalid])
        #expect(form.status(of: "Terms")?.violations.map(\.code) == [.consentRequired])
        form.setValue("VIC", for: FieldKey<String>("State"))
        form.setValue(true, for: FieldKey<Bool>("Terms"))
        let values = try form.submit()
        #expect(values[FieldKey<String>("State")] == "VIC")
        #expect(values[FieldKey<Bool>("Terms")] == true)
    }
}
