import JoinFormFeature
import LiveryCore
import LiveryTesting

/// The six fields of the AU standard sign-up form's first page — title,
/// first name, last name, date of birth, e-mail and mobile — built from the
/// market's form definition exactly as a journey builds them, with the rules
/// it declares (required, one of, length, pattern, minimum age, e-mail,
/// mobile number).
public enum SixFieldForm {
    /// The six fields in form order.
    public static let names: [FieldName] = ["title", "firstName", "lastName", "dateOfBirth", "email", "mobile"]

    /// Every field filled in correctly.
    public static let valid = Inputs.valid.filter { names.contains(FieldName(rawValue: $0.key)) }
    /// Every field wrong in some way.
    public static let invalid = Inputs.invalid.filter { names.contains(FieldName(rawValue: $0.key)) }

    /// The form with `values` entered.
    public static func form(_ values: [String: String]) -> Form {
        let standard = try! FormDefinition.standard(for: .australia)
        let definition = try! FormDefinition(
            fields: standard.fields.filter { names.contains($0.name) },
            pages: [PageDefinition(name: "details", rows: names.map { [$0] })])
        let environment = RuleEnvironment(market: .australia, wallClock: .fixed(benchmarkDay))
        var form = definition.makeForm(in: environment)
        for (name, value) in values { form.setValue(value, for: FieldKey<String>(FieldName(rawValue: name))) }
        return form
    }

    /// Checks every field and reads every message shown, as a head rendering the form would.
    public static func validateAndRender(_ form: inout Form) -> Int {
        form.validateAll()
        var characters = 0
        for position in names.indices {
            guard case .invalid(let violations) = form.status(at: position) else { continue }
            for violation in violations { characters &+= violation.message.utf8.count }
        }
        return characters
    }
}
