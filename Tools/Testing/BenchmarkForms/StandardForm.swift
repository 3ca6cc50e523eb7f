import JoinFormFeature
import LiveryCore
import LiveryTesting

/// The same day for every run, so the minimum-age rule gives the same answers.
public let benchmarkDay = CalendarDay(year: 2026, month: 6, day: 1)!

public enum Inputs {
    /// A complete, valid AU form.
    public static let valid: [String: String] = [
        "title": "Mx", "firstName": "Alex", "lastName": "Citizen", "dateOfBirth": "01/02/2000",
        "email": "alex@example.com", "mobile": "0412 345 678", "username": "alex_c", "password": "Correct-Horse-9",
    ]
    /// The same form with every field wrong in some way.
    public static let invalid: [String: String] = [
        "title": "Sir", "firstName": "Al3x", "lastName": "", "dateOfBirth": "01/02/2015",
        "email": "alex@example", "mobile": "0312 345 678", "username": "al!", "password": "password",
    ]
}

/// The AU standard form with `values` set in every field.
public func standardForm(_ values: [String: String]) -> Form {
    let environment = RuleEnvironment(market: .australia, wallClock: .fixed(benchmarkDay))
    var form = (try! FormDefinition.standard(for: .australia)).makeForm(in: environment)
    for (name, value) in values { form.setValue(value, for: FieldKey<String>(FieldName(rawValue: name))) }
    form.setValue(true, for: FieldKey<Bool>("marketingConsent"))
    return form
}
