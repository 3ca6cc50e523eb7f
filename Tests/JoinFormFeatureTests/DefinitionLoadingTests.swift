import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Form definitions as data")
struct DefinitionLoadingTests {
    private func load(_ json: String) throws(DefinitionError) -> FormDefinition {
        try FormDefinition.load(json: Data(json.utf8))
    }

    private func loadError(_ json: String) -> DefinitionError? {
        do {
            _ = try load(json)
            return nil
        } catch {
            return error
        }
    }

    @Test("a minimal server configuration loads: mobile, password and terms on one page")
    func minimal() throws {
        let definition = try load(
            """
            { "fields": [
                {"name": "Mobile", "inputType": "Tel", "validate": {"mandatory": true}},
                {"name": "Password", "inputType": "Password", "validate": {"mandatory": true}},
                {"name": "TermsAndConditions", "inputType": "Checkbox", "validate": {"mandatory": true}}
            ] }
            """)
        #expect(definition.fields.map(\.inputType) == [.tel, .password, .checkbox])
        #expect(definition.pages.count == 1)
        #expect(definition.pages[0].rows == [["Mobile"], ["Password"], ["TermsAndConditions"]])
    }

    @Test("an extended server configuration loads, optional email included")
    func extended() throws {
        let definition = try load(
            """
            { "fields": [
                {"name": "FirstName", "inputType": "Text", "validate": {"mandatory": true}},
                {"name": "LastName", "inputType": "Text", "validate": {"mandatory": true}},
                {"name": "Email", "inputType": "Email", "validate": {"mandatory": false}},
                {"name": "Mobile", "inputType": "Tel", "validate": {"mandatory": true}},
                {"name": "Password", "inputType": "Password", "validate": {"mandatory": true}},
                {"name": "Country", "inputType": "Select", "validate": {"mandatory": true}},
                {"name": "TermsAndConditions", "inputType": "Checkbox", "validate": {"mandatory": true}}
            ] }
            """)
        #expect(definition.fields.count == 7)
        #expect(definition.field("Email")?.validate.mandatory == false)
        #expect(definition.field("Country")?.inputType.isFocusable == false)
    }

    @Test("a server configuration's field examples load with default value, limits and regex rules")
    func fieldExamples() throws {
        let definition = try load(
            #"""
            { "fields": [
                {"name": "Mobile", "inputType": "Tel", "defaultValue": "+237",
                 "validate": {"mandatory": true, "minLength": 8, "maxLength": 15,
                              "custom": [{"rule": "regex", "pattern": "^6[0-9]{8}$", "errorMessage": "Invalid phone format"}]}},
                {"name": "Email", "inputType": "Email",
                 "validate": {"mandatory": true,
                              "custom": [{"rule": "regex", "pattern": "^[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,}$", "errorMessage": "Invalid email format"}]}},
                {"name": "Country", "inputType": "Select", "data": "GET /api/countries", "validate": {"mandatory": true}}
            ] }
            """#)
        let mobile = try #require(definition.field("Mobile"))
        #expect(mobile.defaultValue == .text("+237"))
        #expect(mobile.validate.minLength == 8 && mobile.validate.maxLength == 15)
        #expect(mobile.validate.custom.first?.pattern == "^6[0-9]{8}$")
    }

    @Test("an unknown input type names the field, the type, a suggestion and the known types")
    func unknownInputType() {
        let error = loadError(
            #"{"fields": [{"name": "Phone", "inputType": "Telephone"}, {"name": "Nick", "inputType": "Txt"}]}"#)
        #expect(error == .unknownInputType("Telephone", field: "Phone", suggestion: nil))
        #expect(
            error?.description
                == "field 'Phone': unknown inputType 'Telephone'; known: Tel, Password, Checkbox, Email, Select, Date, Text, Address, DepositLimit"
        )
        let typo = loadError(#"{"fields": [{"name": "Nick", "inputType": "Txt"}]}"#)
        #expect(typo?.description.contains("(did you mean 'Text'?)") == true)
    }

    @Test("an invalid regex names the field and the pattern, and nothing crashes")
    func invalidRegex() {
        let error = loadError(
            #"""
            {"fields": [{"name": "Postcode", "inputType": "Text",
                         "validate": {"custom": [{"rule": "regex", "pattern": "[0-9{4", "errorMessage": "4 digits"}]}}]}
            """#)
        guard case .invalidPattern(let pattern)? = error else {
            Issue.record("expected an invalid pattern error, got \(String(describing: error))")
            return
        }
        #expect(pattern.field == "Postcode")
        #expect(pattern.pattern == "[0-9{4")
        #expect(error?.description.hasPrefix("field 'Postcode': invalid regular expression '[0-9{4'") == true)
    }

    @Test("unknown rules, missing rule values and misplaced rules name the field")
    func ruleProblems() {
        #expect(
            loadError(
                #"{"fields": [{"name": "A", "inputType": "Text", "validate": {"custom": [{"rule": "regexp"}]}}]}"#)
                == .unknownRule("regexp", field: "A", suggestion: "regex"))
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text", "validate": {"custom": [{"rule": "regex"}]}}]}"#)
                == .missingRuleValue(field: "A", rule: "regex", key: "pattern"))
        #expect(
            loadError(
                #"{"fields": [{"name": "A", "inputType": "Checkbox", "validate": {"custom": [{"rule": "email"}]}}]}"#)
                == .ruleNotForInputType(rule: "email", field: "A", inputType: .checkbox))
        #expect(
            loadError(
                #"{"fields": [{"name": "Dob", "inputType": "Date", "validate": {"custom": [{"rule": "minimumAge", "years": 0}]}}]}"#
            )
                == .missingRuleValue(field: "Dob", rule: "minimumAge", key: "years"))
        #expect(
            loadError(
                #"{"fields": [{"name": "State", "inputType": "Select", "validate": {"custom": [{"rule": "oneOf"}]}}]}"#)
                == .missingRuleValue(field: "State", rule: "oneOf", key: "options"))
    }

    @Test("contradictory lengths and mismatched defaults name the field")
    func fieldProblems() {
        #expect(
            loadError(
                #"{"fields": [{"name": "A", "inputType": "Text", "validate": {"minLength": 9, "maxLength": 3}}]}"#)
                == .invalidLength(field: "A", reason: "minLength 9 is more than maxLength 3"))
        #expect(
            loadError(#"{"fields": [{"name": "T", "inputType": "Checkbox", "defaultValue": "yes"}]}"#)
                == .defaultValueMismatch(field: "T", inputType: .checkbox))
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text"}, {"name": "A", "inputType": "Email"}]}"#)
                == .duplicateField("A"))
    }

    @Test("a misspelt key is an error naming its place, not a silently ignored setting")
    func unknownKeys() {
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text", "validate": {"mandatroy": true}}]}"#)?
                .description
                == "field 'A' validate: unknown key 'mandatroy' (did you mean 'mandatory'?); known: mandatory, minLength, maxLength, custom"
        )
        #expect(
            loadError(
                #"{"fields": [{"name": "A", "inputType": "Text", "validate": {"custom": [{"rule": "regex", "pattern": "a", "errorMesage": "x"}]}}]}"#
            )?.description.hasPrefix("field 'A' rule 'regex': unknown key 'errorMesage' (did you mean 'errorMessage'?)")
                == true)
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text", "default": "x"}]}"#)?.description.hasPrefix(
                "field 'A': unknown key 'default'") == true)
        #expect(
            loadError(#"{"field": []}"#)?.description.hasPrefix(
                "form definition: unknown key 'field' (did you mean 'fields'?)") == true)
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text"}], "pages": [{"name": "p", "row": [["A"]]}]}"#)?
                .description.hasPrefix("page 'p': unknown key 'row' (did you mean 'rows'?)") == true)
    }

    @Test("malformed JSON reports the path and what was expected")
    func malformed() {
        #expect(
            loadError(#"{"fields": [{"name": "A", "inputType": "Text", "validate": {"minLength": "eight"}}]}"#)
                == .malformedJSON(path: "fields[0].validate.minLength", reason: "expected a whole number"))
        #expect(
            loadError(#"{"fields": [{"inputType": "Text"}]}"#)
                == .malformedJSON(path: "fields[0]", reason: "missing key 'name'"))
        guard case .malformedJSON? = loadError(#"{"fields": [ "#) else {
            Issue.record("truncated JSON was not reported as malformed")
            return
        }
    }

    @Test("pages and multi-column rows are data; every field sits on exactly one page")
    func pages() throws {
        let fields =
            #"[{"name": "Title", "inputType": "Select", "options": ["Mr", "Ms"]}, {"name": "FirstName", "inputType": "Text"}, {"name": "Email", "inputType": "Email"}]"#
        let definition = try load(
            #"{"fields": \#(fields), "pages": [{"name": "details", "rows": [["Title", "FirstName"]]}, {"name": "contact", "rows": [["Email"]]}]}"#
        )
        #expect(definition.pages.map(\.fieldNames) == [["Title", "FirstName"], ["Email"]])
        #expect(
            loadError(#"{"fields": \#(fields), "pages": [{"name": "p", "rows": [["Title", "FirstName"]]}]}"#)
                == .fieldNotOnAnyPage("Email"))
        #expect(
            loadError(#"{"fields": \#(fields), "pages": [{"name": "p", "rows": [["Title", "FirstName", "Emial"]]}]}"#)
                == .unknownFieldOnPage("Emial", page: "p", suggestion: "Email"))
        #expect(
            loadError(
                #"{"fields": \#(fields), "pages": [{"name": "p", "rows": [["Title", "FirstName"], ["Email", "Title"]]}]}"#
            )
                == .fieldOnTwoPlaces("Title"))
    }

    @Test("the example of FormDefinitionsAsData.md (JoinFormFeature's catalogue) loads and checks as described")
    func documentedExample() throws {
        let definition = try load(
            """
            { "fields": [
                { "name": "Mobile", "inputType": "Tel", "defaultValue": "",
                  "validate": { "mandatory": true, "minLength": 10, "maxLength": 12,
                                "custom": [ { "rule": "mobile" },
                                            { "rule": "regex", "pattern": "04.*", "errorMessage": "Starts with 04" } ] } } ],
              "pages": [ { "name": "details", "rows": [ ["Mobile"] ] } ] }
            """)
        var form = definition.makeForm(
            in: RuleEnvironment(market: .australia, wallClock: .fixed(CalendarDay(year: 2026, month: 11, day: 21)!)))
        form.setValue("0412 345 678", for: FieldKey<String>("Mobile"))
        form.leave("Mobile")
        #expect(form.status(of: "Mobile") == .valid)
        #expect(
            loadError(#"{"fields": [{"name": "Nick", "inputType": "Txt"}]}"#)?.description
                == "field 'Nick': unknown inputType 'Txt' (did you mean 'Text'?); known: Tel, Password, Checkbox, Email, Select, Date, Text, Address, DepositLimit"
        )
    }

    @Test("a definition survives writing and reading back")
    func roundTrip() throws {
        let definition = try FormDefinition(fields: [
            FieldDefinition(
                name: "Email", inputType: .email,
                validate: ValidationDefinition(mandatory: true, custom: [RuleDefinition(rule: .email)])),
            FieldDefinition(name: "Marketing", inputType: .checkbox, defaultValue: .tick(true)),
        ])
        #expect(try FormDefinition.load(json: definition.json()) == definition)
    }
}
