import Foundation
import JoinFormFeature
import LiveryCore
import LiveryTesting

/// The ten-field sign-up form of the validation benchmark: name, surname,
/// e-mail, password, confirm password, date of birth, mobile, postcode,
/// language and terms, built from Livery's own rules the way an app would.
public enum TenFieldForm {
    public static let languages = ["English", "Māori", "Deutsch", "Français", "Español", "Italiano", "中文", "日本語"]

    /// Every field filled in correctly.
    public static let valid = Values(
        name: "Alex", surname: "Citizen", email: "alex@example.com", password: "Correct-Horse-9",
        confirmPassword: "Correct-Horse-9", dateOfBirth: "01/02/2000", mobile: "0412 345 678",
        postcode: "3000", language: "English", terms: true)
    /// Every field wrong in some way.
    public static let invalid = Values(
        name: "A", surname: "", email: "alex@example", password: "password",
        confirmPassword: "passw0rd", dateOfBirth: "01/02/2015", mobile: "0312 345 678",
        postcode: "30a0", language: "Klingon", terms: false)

    public struct Values: Sendable {
        public var name, surname, email, password, confirmPassword, dateOfBirth, mobile, postcode, language: String
        public var terms: Bool
    }

    public static let names: [FieldName] = [
        "name", "surname", "email", "password", "confirmPassword", "dateOfBirth",
        "mobile", "postcode", "language", "terms",
    ]

    /// The form with `values` entered in every field.
    public static func form(_ values: Values) -> Form {
        let required = RequiredRule<String>()
        let clock = WallClock.fixed(benchmarkDay)
        var form = try! Form(
            FormField<String>("name", initialValue: "", rules: [required, LengthRule.range(2...50)]),
            FormField<String>("surname", initialValue: "", rules: [required, LengthRule.range(2...50)]),
            FormField<String>("email", initialValue: "", rules: [required, EmailRule()]),
            FormField<String>("password", initialValue: "", rules: [required, PasswordStrengthRule()]),
            FormField<String>(
                "confirmPassword", initialValue: "",
                rules: [required, EqualsFieldRule(FieldKey<String>("password"))]),
            FormField<String>(
                "dateOfBirth", initialValue: "",
                rules: [
                    required,
                    MinimumAgeRule(years: 18, clock: clock)
                        .converting(
                            from: String.self, unreadable: DateOfBirthText.unreadable, DateOfBirthText.day(from:)),
                ]),
            FormField<String>("mobile", initialValue: "", rules: [required, MobileNumberRule(market: .australia)]),
            FormField<String>("postcode", initialValue: "", rules: [required, PostcodeRule(market: .australia)]),
            FormField<String>("language", initialValue: "", rules: [required, OneOfRule(languages)]),
            FormField<Bool>("terms", initialValue: false, rules: [MustBeTrueRule()])
        )
        let texts = [
            values.name, values.surname, values.email, values.password, values.confirmPassword,
            values.dateOfBirth, values.mobile, values.postcode, values.language,
        ]
        for (name, text) in zip(names, texts) { form.setValue(text, for: FieldKey<String>(name)) }
        form.setValue(values.terms, for: FieldKey<Bool>("terms"))
        return form
    }

    /// Checks every field and reads every message shown, as a head rendering the form would.
    public static func validateAndRender(_ form: inout Form) -> Int {
        form.validateAll()
        var characters = 0
        for name in names {
            guard case .invalid(let violations)? = form.status(of: name) else { continue }
            for violation in violations { characters &+= violation.message.utf8.count }
        }
        return characters
    }
}

// MARK: The reflection-style baseline

/// The same ten fields and rules written in the style of reflection-based
/// validation libraries: the model's fields are found with `Mirror`, rules
/// are existential arrays over `Any`, regular expressions do the format
/// checks, and errors are recomputed every time they are read.
public enum ReflectiveValidation {
    public struct SignUp {
        var name, surname, email, password, confirmPassword, dateOfBirth, mobile, postcode, language: String
        var terms: Bool

        public init(_ values: TenFieldForm.Values) {
            (name, surname, email, password, confirmPassword) = (
                values.name, values.surname, values.email,
                values.password, values.confirmPassword
            )
            (dateOfBirth, mobile, postcode, language, terms) = (
                values.dateOfBirth, values.mobile, values.postcode,
                values.language, values.terms
            )
        }
    }

    protocol Rule {
        func validate(_ value: Any, model: Any) -> String?
    }

    struct Required: Rule {
        func validate(_ value: Any, model: Any) -> String? {
            if let text = value as? String, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return "This field is required."
            }
            return nil
        }
    }

    struct Length: Rule {
        let range: ClosedRange<Int>
        func validate(_ value: Any, model: Any) -> String? {
            guard let text = value as? String, !range.contains(text.count) else { return nil }
            return "Enter between \(range.lowerBound) and \(range.upperBound) characters."
        }
    }

    struct Matches: Rule {
        let pattern: String
        let message: String
        func validate(_ value: Any, model: Any) -> String? {
            guard let text = value as? String, !text.isEmpty else { return nil }
            let expression = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(text.startIndex..., in: text)
            return expression.firstMatch(in: text, range: range) == nil ? message : nil
        }
    }

    struct EqualTo: Rule {
        let field: String
        func validate(_ value: Any, model: Any) -> String? {
            let other = Mirror(reflecting: model).children.first { $0.label == field }?.value
            return (other as? String) == (value as? String) ? nil : "This does not match."
        }
    }

    struct Adult: Rule {
        let today: Date
        func validate(_ value: Any, model: Any) -> String? {
            guard let text = value as? String, !text.isEmpty else { return nil }
            let formatter = DateFormatter()
            formatter.dateFormat = "dd/MM/yyyy"
            formatter.timeZone = TimeZone(identifier: "UTC")
            guard let birth = formatter.date(from: text) else { return "Enter a real date as dd/mm/yyyy." }
            let years = WallClock.gregorianUTC.dateComponents([.year], from: birth, to: today).year ?? 0
            return years >= 18 ? nil : "You must be 18 or older to join."
        }
    }

    struct InList: Rule {
        let options: [String]
        func validate(_ value: Any, model: Any) -> String? {
            guard let text = value as? String, !options.contains(text) else { return nil }
            return "Choose one of the options."
        }
    }

    struct Ticked: Rule {
        func validate(_ value: Any, model: Any) -> String? {
            (value as? Bool) == true ? nil : "Please tick this box to continue."
        }
    }

    /// A validator holding a model and its rules by property name.
    public struct Validator {
        var model: SignUp
        let rules: [String: [any Rule]]

        public init(_ model: SignUp) {
            self.model = model
            let today = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01 noon UTC
            let name: [any Rule] = [Required(), Length(range: 2...50)]
            rules = [
                "name": name, "surname": name,
                "email": [
                    Required(),
                    Matches(
                        pattern: "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$",
                        message: "Enter a valid email address."),
                ],
                "password": [
                    Required(),
                    Matches(
                        pattern: "^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9]).{8,64}$",
                        message: "Use at least 8 characters with upper and lower case letters and a number."),
                ],
                "confirmPassword": [Required(), EqualTo(field: "password")],
                "dateOfBirth": [Required(), Adult(today: today)],
                "mobile": [
                    Required(),
                    Matches(
                        pattern: "^(04\\d{2} ?\\d{3} ?\\d{3}|\\+61 ?4\\d{2} ?\\d{3} ?\\d{3})$",
                        message: "Enter a mobile number like 0412 345 678."),
                ],
                "postcode": [Required(), Matches(pattern: "^[0-9]{4}$", message: "Enter a 4-digit postcode.")],
                "language": [Required(), InList(options: TenFieldForm.languages)],
                "terms": [Ticked()],
            ]
        }

        /// Every field's messages, found by reflection and recomputed on every read.
        var errors: [String: [String]] {
            var result: [String: [String]] = [:]
            for child in Mirror(reflecting: model).children {
                guard let label = child.label else { continue }
                let messages = (rules[label] ?? []).compactMap { $0.validate(child.value, model: model) }
                if !messages.isEmpty { result[label] = messages }
            }
            return result
        }

        public var isValid: Bool { errors.isEmpty }

        /// Checks the form and reads every message, as a head rendering it would.
        public func validateAndRender() -> Int {
            guard !isValid else { return 0 }
            return TenFieldForm.names.reduce(0) { total, name in
                total + (errors[name.rawValue] ?? []).reduce(0) { $0 + $1.utf8.count }
            }
        }
    }
}
