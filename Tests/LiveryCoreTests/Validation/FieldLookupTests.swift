import Foundation
import Testing

@testable import LiveryCore

@Suite("Finding fields and keeping violations")
struct FieldLookupTests {
    /// Names of one length and of others, so the scan's length test and its text test both decide.
    static func names(_ count: Int) -> [FieldName] {
        (0..<count).map { FieldName(rawValue: $0 % 2 == 0 ? "f\($0)" : "field\($0)") }
    }

    @Test(
        "a lookup finds every name and nothing else, in small forms (scanned) and large ones (hashed)",
        arguments: [1, 10, 32, 33, 80])
    func lookups(count: Int) {
        let names = Self.names(count)
        let lookup = FieldLookup(names.enumerated().map { ($0.element, $0.offset * 10) })
        for (offset, name) in names.enumerated() { #expect(lookup[name] == offset * 10, "\(name)") }
        #expect(lookup["f"] == nil)
        #expect(lookup["field"] == nil)
        #expect(lookup[FieldName(rawValue: "f\(count + 1)")] == nil)
    }

    @Test("a form of many fields finds, sets and checks each by name, and re-checks the field that reads another")
    func largeForm() throws {
        var fields = Self.names(40).map {
            AnyFormField(FormField<String>($0, initialValue: "", rules: [RequiredRule()]))
        }
        fields.append(
            AnyFormField(
                FormField<String>("again", initialValue: "", rules: [EqualsFieldRule(FieldKey<String>("field39"))])))
        var form = try Form(fields)
        #expect(form.position(of: "field39") == 39)
        #expect(form.fields(reading: "field39") == ["again"])
        form.setValue("x", for: FieldKey<String>("field39"))
        form.setValue("x", for: FieldKey<String>("again"))
        form.validate(["again", "field39", "f38"])
        #expect(form.status(of: "again") == .valid)
        #expect(form.status(of: "field39") == .valid)
        #expect(form.status(of: "f38")?.violations.map(\.code) == [.required])
        form.setValue("y", for: FieldKey<String>("field39"))
        #expect(form.status(of: "again")?.violations.map(\.code) == [.fieldMismatch], "the reader is checked again")
    }

    @Test("violations equal in content are equal and hash alike however made, and read back from JSON the same")
    func violations() throws {
        let made = RuleViolation(code: .lengthMin, parameters: ["minimum": "8"], template: "At least {minimum}.")
        let again = RuleViolation(code: .lengthMin, parameters: ["minimum": "8"], template: "At least {minimum}.")
        #expect(made == again && made.hashValue == again.hashValue)
        var changed = made
        changed.message = "Longer, please."
        #expect(changed != made && made.message == "At least 8.", "a copy changes alone")
        let decoded = try JSONDecoder().decode(RuleViolation.self, from: JSONEncoder().encode(changed))
        #expect(decoded == changed)
        let keys = try JSONDecoder().decode(ObjectKeys.self, from: JSONEncoder().encode(made)).keys
        #expect(keys == ["code", "parameters", "message"])
    }
}

/// The member names of a JSON object.
private struct ObjectKeys: Decodable {
    let keys: Set<String>

    init(from decoder: any Decoder) throws {
        keys = Set(try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue))
    }
}
