import Foundation
import LiveryCore

/// Six typed fields written in code with the public API, as an app writes a
/// form of its own: a name and an e-mail (required, the e-mail rule), a
/// password (required, at least three characters), a birth date held as a
/// `CalendarDay` (at least 18 on a fixed day), a required choice from an
/// enum and a tick box that must be ticked — every rule with its own message.
public enum TypedSixFieldForm {
    /// A choice with a "none yet" case, as a picker holds it.
    public enum Pronoun: Sendable, Emptiable {
        case none, she, he, they
        public var isEmptyValue: Bool { self == .none }
    }

    /// What the six fields hold.
    public struct Values: Sendable {
        public var name: String
        public var email: String
        public var password: String
        public var birthDate: CalendarDay
        public var pronoun: Pronoun
        public var terms: Bool
    }

    /// Every field filled in correctly.
    public static let valid = Values(
        name: "Alex Citizen", email: "alex@example.com", password: "hunter22",
        birthDate: CalendarDay(year: 1990, month: 5, day: 17)!, pronoun: .they, terms: true)
    /// Every field wrong.
    public static let invalid = Values(
        name: " ", email: "alex@example", password: "ab",
        birthDate: CalendarDay(year: 2010, month: 5, day: 17)!, pronoun: .none, terms: false)

    /// The six fields' names in form order.
    public static let names: [FieldName] = ["name", "email", "password", "birthDate", "pronoun", "terms"]

    /// The form with `values` entered, on a clock stopped on the benchmark's day.
    public static func form(_ values: Values) -> Form {
        var form = try! Form(
            FormField(
                "name", initialValue: "", rules: [RequiredRule<String>().reported(message: "Tell us your name.")]),
            FormField(
                "email", initialValue: "",
                rules: [
                    RequiredRule<String>().reported(message: "We need your e-mail address."),
                    EmailRule().reported(message: "That does not look like an e-mail address."),
                ]),
            FormField(
                "password", initialValue: "",
                rules: [RequiredRule<String>().reported(message: "Choose a password."), LengthRule.min(3)]),
            FormField(
                "birthDate", initialValue: CalendarDay(year: 2000, month: 1, day: 1)!,
                rules: [
                    MinimumAgeRule(years: 18, clock: .fixed(benchmarkDay))
                        .reported(message: "You must be {years} or older.")
                ]),
            FormField(
                "pronoun", initialValue: Pronoun.none,
                rules: [RequiredRule<Pronoun>().reported(message: "Choose one.")]),
            FormField(
                "terms", initialValue: false, rules: [MustBeTrueRule().reported(message: "Please accept the terms.")])
        )
        form.setValue(values.name, for: FieldKey<String>("name"))
        form.setValue(values.email, for: FieldKey<String>("email"))
        form.setValue(values.password, for: FieldKey<String>("password"))
        form.setValue(values.birthDate, for: FieldKey<CalendarDay>("birthDate"))
        form.setValue(values.pronoun, for: FieldKey<Pronoun>("pronoun"))
        form.setValue(values.terms, for: FieldKey<Bool>("terms"))
        return form
    }

    /// Checks every field, asks whether the form is valid and reads every message shown, as a head would.
    public static func validateAndRender(_ form: inout Form) -> Int {
        form.validateAll()
        guard !form.isValid else { return 0 }
        var characters = 0
        for position in names.indices {
            guard case .invalid(let violations) = form.status(at: position) else { continue }
            for violation in violations { characters &+= violation.message.utf8.count }
        }
        return characters
    }
}

// MARK: The reflection-style baseline

/// The same six fields and rules in the style of reflection-based validation
/// libraries: the model's properties found with `Mirror`, rules as
/// existentials over `Any`, the e-mail checked by a regular expression, the
/// age by a calendar, and every message recomputed when it is read.
public struct ReflectiveTypedValidator {
    struct Model {
        var name: String
        var email: String
        var password: String
        var birthDate: CalendarDay
        var pronoun: TypedSixFieldForm.Pronoun
        var terms: Bool
    }

    protocol Rule {
        func validate(_ value: Any) -> String?
    }

    struct Required: Rule {
        let message: String
        func validate(_ value: Any) -> String? {
            if let text = value as? String {
                return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? message : nil
            }
            if let choice = value as? any Emptiable { return choice.isEmptyValue ? message : nil }
            return nil
        }
    }

    struct Matches: Rule {
        let pattern: String
        let message: String
        func validate(_ value: Any) -> String? {
            guard let text = value as? String, !text.isEmpty else { return nil }
            let expression = try! NSRegularExpression(pattern: pattern)
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil ? message : nil
        }
    }

    struct MinimumLength: Rule {
        let minimum: Int
        func validate(_ value: Any) -> String? {
            guard let text = value as? String, !text.isEmpty, text.count < minimum else { return nil }
            return "Enter at least \(minimum) characters."
        }
    }

    struct Adult: Rule {
        let today: Date
        func validate(_ value: Any) -> String? {
            guard let day = value as? CalendarDay,
                let birth = WallClock.gregorianUTC.date(
                    from: DateComponents(year: day.year, month: day.month, day: day.day))
            else { return nil }
            let years = WallClock.gregorianUTC.dateComponents([.year], from: birth, to: today).year ?? 0
            return years >= 18 ? nil : "You must be 18 or older."
        }
    }

    struct Ticked: Rule {
        let message: String
        func validate(_ value: Any) -> String? { (value as? Bool) == true ? nil : message }
    }

    var model: Model
    let rules: [String: [any Rule]]

    /// A validator of `values`.
    public init(_ values: TypedSixFieldForm.Values) {
        model = Model(
            name: values.name, email: values.email, password: values.password, birthDate: values.birthDate,
            pronoun: values.pronoun, terms: values.terms)
        rules = [
            "name": [Required(message: "Tell us your name.")],
            "email": [
                Required(message: "We need your e-mail address."),
                Matches(
                    pattern: "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$",
                    message: "That does not look like an e-mail address."),
            ],
            "password": [Required(message: "Choose a password."), MinimumLength(minimum: 3)],
            "birthDate": [Adult(today: Date(timeIntervalSince1970: 1_780_315_200))],  // 2026-06-01 noon UTC
            "pronoun": [Required(message: "Choose one.")],
            "terms": [Ticked(message: "Please accept the terms.")],
        ]
    }

    /// Every field's messages, found by reflection and recomputed on every read.
    var errors: [String: [String]] {
        var result: [String: [String]] = [:]
        for child in Mirror(reflecting: model).children {
            guard let label = child.label else { continue }
            let messages = (rules[label] ?? []).compactMap { $0.validate(child.value) }
            if !messages.isEmpty { result[label] = messages }
        }
        return result
    }

    /// Whether no rule is broken.
    public var isValid: Bool { errors.isEmpty }

    /// Checks the form and reads every message, as a head rendering it would.
    public func validateAndRender() -> Int {
        guard !isValid else { return 0 }
        return TypedSixFieldForm.names.reduce(0) { total, name in
            total + (errors[name.rawValue] ?? []).reduce(0) { $0 + $1.utf8.count }
        }
    }
}
