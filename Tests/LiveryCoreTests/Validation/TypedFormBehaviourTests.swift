import Foundation
import Testing

@testable import LiveryCore

/// The behaviours checked by the typed-form tutorial's tests,
/// expressed in Livery's API: fields validated on every change, an enum
/// with a "none" case, an injected clock for the age check.
@Suite("Typed form behaviours, as a typed-form tutorial tests them")
struct TypedFormBehaviourTests {
    enum Language: String, Emptiable, Sendable {
        case none, portuguese, english, spanish
        var isEmptyValue: Bool { self == .none }
    }

    struct User: Equatable {
        var name, email, password: String
        var birthday: CalendarDay
        var language: Language
    }

    static let name = FieldKey<String>("name"), email = FieldKey<String>("email"),
        password = FieldKey<String>("password")
    static let birthday = FieldKey<CalendarDay>("birthday"), language = FieldKey<Language>("language"),
        terms = FieldKey<Bool>("terms")
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let eighteenYearsAgo = today.subtracting(years: 18)

    private func makeForm() throws -> Form {
        try Form(
            FormField(Self.name.name, initialValue: "", rules: [RequiredRule()], trigger: .onChange),
            FormField(Self.email.name, initialValue: "", rules: [RequiredRule(), EmailRule()], trigger: .onChange),
            FormField(
                Self.password.name, initialValue: "", rules: [RequiredRule(), LengthRule.min(3)], trigger: .onChange),
            FormField(
                Self.birthday.name, initialValue: Self.eighteenYearsAgo,
                rules: [MinimumAgeRule(years: 18, clock: .fixed(Self.today))], trigger: .onChange),
            FormField(Self.language.name, initialValue: Language.none, rules: [RequiredRule()], trigger: .onChange),
            FormField(Self.terms.name, initialValue: false, rules: [MustBeTrueRule()], trigger: .onChange)
        )
    }

    private func submitUser(_ form: inout Form) throws -> User {
        let values = try form.submit()
        return User(
            name: values[Self.name]!, email: values[Self.email]!, password: values[Self.password]!,
            birthday: values[Self.birthday]!, language: values[Self.language]!)
    }

    @Test func nameIsRequired() throws {
        var form = try makeForm()
        form.setValue("", for: Self.name)
        #expect(form.status(of: Self.name.name)?.kind == .invalid)
        form.setValue("Orlando", for: Self.name)
        #expect(form.status(of: Self.name.name) == .valid)
    }

    @Test func emailMustBeValid() throws {
        var form = try makeForm()
        form.setValue("invalid_email", for: Self.email)
        #expect(form.status(of: Self.email.name)?.violations.map(\.code) == [.emailFormat])
        form.setValue("orlando@gmail.com", for: Self.email)
        #expect(form.status(of: Self.email.name) == .valid)
    }

    @Test func passwordIsRequiredAndAtLeastThreeCharacters() throws {
        var form = try makeForm()
        form.setValue("", for: Self.password)
        #expect(form.status(of: Self.password.name)?.violations.map(\.code) == [.required])
        form.setValue("12", for: Self.password)
        #expect(form.status(of: Self.password.name)?.violations.map(\.code) == [.lengthMin])
        form.setValue("123", for: Self.password)
        #expect(form.status(of: Self.password.name) == .valid)
        #expect(form.status(of: Self.password.name)?.violations.isEmpty == true)
    }

    @Test func languageNoneCountsAsEmpty() throws {
        var form = try makeForm()
        form.setValue(.none, for: Self.language)
        #expect(form.status(of: Self.language.name)?.violations.map(\.code) == [.required])
        form.setValue(.english, for: Self.language)
        #expect(form.status(of: Self.language.name) == .valid)
    }

    @Test func birthdayMustBeEighteenYearsAgoOrEarlier() throws {
        var form = try makeForm()
        form.setValue(Self.today.subtracting(years: 17), for: Self.birthday)
        #expect(form.status(of: Self.birthday.name)?.violations.map(\.code) == [.ageMinimum])
        form.setValue(Self.eighteenYearsAgo, for: Self.birthday)
        #expect(form.status(of: Self.birthday.name) == .valid)
    }

    @Test func termsMustBeAccepted() throws {
        var form = try makeForm()
        form.setValue(false, for: Self.terms)
        #expect(form.status(of: Self.terms.name)?.violations.map(\.code) == [.consentRequired])
        form.setValue(true, for: Self.terms)
        #expect(form.status(of: Self.terms.name) == .valid)
    }

    @Test func submitThrowsTheFirstError() throws {
        var form = try makeForm()
        #expect(
            throws: FormSubmissionError.invalid(
                field: Self.name.name,
                violations: [
                    RuleViolation(code: .required, template: "This field is required.")
                ])
        ) { try submitUser(&form) }
    }

    @Test func submitReturnsTheTypedValues() throws {
        var form = try makeForm()
        form.setValue("Adriano", for: Self.name)
        form.setValue("adriano@gmail.com", for: Self.email)
        form.setValue("123", for: Self.password)
        form.setValue(.portuguese, for: Self.language)
        form.setValue(true, for: Self.terms)
        let user = try submitUser(&form)
        #expect(
            user
                == User(
                    name: "Adriano", email: "adriano@gmail.com", password: "123",
                    birthday: Self.eighteenYearsAgo, language: .portuguese))
    }
}

/// The behaviours of the condition-based validator: ordered
/// conditions, the list of violated ones, status callbacks, and checking on
/// change versus on leaving.
@Suite("Condition validator behaviours")
struct ConditionValidatorBehaviourTests {
    static let phone = FieldKey<String>("phone"), email = FieldKey<String>("email")

    private func makeSession() throws -> FormSession {
        let digitsOnly = CustomRule<String>(code: "phone.digitsOnly", message: "Numbers only") {
            $0.allSatisfy { $0.isNumber || $0 == " " }
        }
        let form = try Form(
            FormField(Self.phone.name, initialValue: "", rules: [digitsOnly, LengthRule.min(10)], trigger: .onChange),
            FormField(Self.email.name, initialValue: "", rules: [RequiredRule(), EmailRule()])
        )
        return FormSession(form, clock: EngineClock(VirtualClock()))
    }

    @Test("conditions are checked in order and every violated one is listed")
    func orderedViolations() async throws {
        let session = try makeSession()
        await session.setValue("04a", for: Self.phone)
        #expect(
            await session.form.status(of: Self.phone.name)?.violations.map(\.code) == ["phone.digitsOnly", .lengthMin])
        await session.setValue("0412345678", for: Self.phone)
        #expect(await session.form.status(of: Self.phone.name)?.violations == [])
    }

    @Test("a phone field rejects letters at once; an email field waits until it is left")
    func changeVersusLeave() async throws {
        let session = try makeSession()
        await session.setValue("x", for: Self.phone)
        #expect(await session.form.status(of: Self.phone.name)?.kind == .invalid)
        await session.setValue("orlando@", for: Self.email)
        #expect(
            await session.form.status(of: Self.email.name) == .unknown,
            "no error while the address is still being typed")
        await session.leave(Self.email.name)
        #expect(await session.form.status(of: Self.email.name)?.kind == .invalid)
    }

    @Test("observers hear valid ↔ invalid changes, not every keystroke")
    func statusCallbacks() async throws {
        let session = try makeSession()
        let changes = await session.statusChanges()
        for text in ["0", "04", "04a", "041234567", "0412345678", "04123456789", "x"] {
            await session.setValue(text, for: Self.phone)
        }
        var heard: [[FieldStatus.Kind]] = []
        for await change in changes {
            heard.append([change.from.kind, change.to.kind])
            if heard.count == 3 { break }
        }
        #expect(heard == [[.unknown, .invalid], [.invalid, .valid], [.valid, .invalid]])
    }
}
