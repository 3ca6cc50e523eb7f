import Foundation
import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Forms: groups, dependencies, availability, submit and reset")
struct FormBehaviourTests {
    static let email = FieldKey<String>("email")
    static let password = FieldKey<String>("password")
    static let confirm = FieldKey<String>("confirmPassword")
    static let terms = FieldKey<Bool>("terms")
    static let postcode = FieldKey<String>("postcode")

    private func signUpForm() throws -> Form {
        try Form(
            FormField(Self.email.name, initialValue: "", rules: [RequiredRule(), EmailRule()]),
            FormField(Self.password.name, initialValue: "", rules: [RequiredRule(), LengthRule.min(8)]),
            FormField(Self.confirm.name, initialValue: "", rules: [RequiredRule(), EqualsFieldRule(Self.password)]),
            FormField(
                Self.postcode.name, initialValue: "", rules: [RequiredRule(), PostcodeRule(market: .australia)],
                availability: .hidden),
            FormField(Self.terms.name, initialValue: false, rules: [MustBeTrueRule()])
        )
    }

    @Test("two fields with one name is a definition error naming the field")
    func duplicateNames() {
        #expect(throws: FormDefinitionError.duplicateField("email")) {
            try Form(FormField("email", initialValue: ""), FormField("email", initialValue: 1))
        }
        #expect(throws: FormDefinitionError.unknownDependency("confirm", "password")) {
            try Form(FormField("confirm", initialValue: "", rules: [EqualsFieldRule(Self.password)]))
        }
    }

    @Test("reading a field by its position gives what reading it by name gives")
    func positionalReads() throws {
        var form = try signUpForm()
        form.setValue("alex@example", for: Self.email)
        form.leave(Self.email.name)
        form.setValue(true, for: Self.terms)
        form.leave(Self.terms.name)
        #expect(form.position(of: "nothing") == nil)
        for (position, name) in form.names.enumerated() {
            #expect(form.position(of: name) == position)
            #expect(form.status(at: position) == form.status(of: name))
            #expect(form.isValidating(at: position) == form.isValidating(name))
        }
        let email = try #require(form.position(of: Self.email.name))
        #expect(form.status(at: email).violations.map(\.code) == [.emailFormat])
        #expect(form.enteredValue(at: email, as: String.self) == "alex@example")
        #expect(form.enteredValue(at: email, as: Bool.self) == nil, "a field read as the wrong type gives nothing")
        let terms = try #require(form.position(of: Self.terms.name))
        #expect(form.enteredValue(at: terms, as: Bool.self) == true)
        #expect(form.status(at: terms) == .valid)
    }

    @Test("validate one field or a group leaves the others alone")
    func validateGroup() throws {
        var form = try signUpForm()
        form.validate([Self.email.name])
        #expect(form.status(of: Self.email.name)?.kind == .invalid)
        #expect(form.status(of: Self.password.name) == .unknown)
        form.validate([Self.password.name, Self.confirm.name])
        #expect(form.status(of: Self.password.name)?.kind == .invalid)
        #expect(form.status(of: Self.terms.name) == .unknown)
    }

    @Test("confirm password is re-checked when the password changes")
    func dependentRecheck() throws {
        var form = try signUpForm()
        form.setValue("Secret123", for: Self.password)
        form.setValue("Secret123", for: Self.confirm)
        form.leave(Self.confirm.name)
        #expect(form.status(of: Self.confirm.name) == .valid)
        let update = form.setValue("Secret1234", for: Self.password)
        #expect(form.status(of: Self.confirm.name)?.violations.map(\.code) == [.fieldMismatch])
        #expect(update.statusChanges.contains { $0.field == Self.confirm.name && $0.to.kind == .invalid })
        form.setValue("Secret1234", for: Self.confirm)
        #expect(form.status(of: Self.confirm.name) == .valid, "the error clears as soon as it matches")
    }

    @Test("an unchecked dependent is not checked early by a change to what it depends on")
    func uncheckedDependentStaysUnknown() throws {
        var form = try signUpForm()
        form.setValue("Secret123", for: Self.password)
        #expect(form.status(of: Self.confirm.name) == .unknown)
    }

    @Test("hidden and disabled fields are neither validated nor submitted")
    func availability() throws {
        var form = try signUpForm()
        form.setValue("a@b.co", for: Self.email)
        form.setValue("Secret123", for: Self.password)
        form.setValue("Secret123", for: Self.confirm)
        form.setValue(true, for: Self.terms)
        let values = try form.submit()
        #expect(values[Self.postcode] == nil)
        #expect(values.names == [Self.email.name, Self.password.name, Self.confirm.name, Self.terms.name])
        #expect(form.status(of: Self.postcode.name) == .unknown)

        form.setAvailability(.enabled, for: Self.postcode.name)
        #expect(
            throws: FormSubmissionError.invalid(
                field: Self.postcode.name,
                violations: [
                    RuleViolation(code: .required, template: "This field is required.")
                ])
        ) { try form.submit() }
        form.setAvailability(.disabled, for: Self.postcode.name)
        #expect(try form.submit()[Self.email] == "a@b.co")
    }

    @Test("a hidden field that validates on change stores values without checking them")
    func hiddenOnChange() throws {
        var form = try Form(
            FormField(
                "postcode", initialValue: "", rules: [PostcodeRule(market: .australia)],
                trigger: .onChange, availability: .hidden))
        form.setValue("30", for: Self.postcode)
        #expect(form.status(of: "postcode") == .unknown)
        #expect(form.field(Self.postcode)?.value == "30")
        form.setAvailability(.enabled, for: "postcode")
        form.setValue("300", for: Self.postcode)
        #expect(form.status(of: "postcode")?.kind == .invalid)
    }

    @Test("submit throws the first invalid field in form order, with all its violations")
    func submitFirstError() throws {
        var form = try signUpForm()
        form.setValue("Secret123", for: Self.password)
        form.setValue("nope", for: Self.confirm)
        do {
            _ = try form.submit()
            Issue.record("an invalid form submitted")
        } catch {
            #expect(error.field == Self.email.name)
            #expect(
                error
                    == .invalid(
                        field: Self.email.name,
                        violations: [RuleViolation(code: .required, template: "This field is required.")]))
        }
        form.setValue("a@b.co", for: Self.email)
        #expect(throws: FormSubmissionError.self) { try form.submit() }
        #expect(form.status(of: Self.confirm.name)?.violations.map(\.code) == [.fieldMismatch])
    }

    @Test("submit returns typed values after transforms")
    func submitTypedValues() throws {
        var form = try Form(
            FormField(
                "name", initialValue: "", rules: [RequiredRule()],
                transform: { $0.trimmingCharacters(in: .whitespaces) }),
            FormField("deposit", initialValue: Decimal(0), rules: [ComparisonRule(.between(.value(10), .value(5000)))]),
            FormField("subscribe", initialValue: false)
        )
        form.setValue(" Ada ", for: FieldKey<String>("name"))
        form.setValue(Decimal(250), for: FieldKey<Decimal>("deposit"))
        let values = try form.submit()
        #expect(values[FieldKey<String>("name")] == "Ada")
        #expect(values[FieldKey<Decimal>("deposit")] == 250)
        #expect(values[FieldKey<Bool>("subscribe")] == false)
        #expect(values[FieldKey<Int>("deposit")] == nil, "a key of the wrong type finds nothing")
    }

    @Test("reset restores every value and status")
    func reset() throws {
        var form = try signUpForm()
        form.setValue("x", for: Self.email)
        form.validateAll()
        #expect(form.status(of: Self.email.name)?.kind == .invalid)
        form.reset()
        #expect(form.field(Self.email)?.value == "")
        #expect(Self.allNames.allSatisfy { form.status(of: $0) == .unknown })
    }

    @Test("server errors land on their fields; unknown names are reported back")
    func serverErrors() throws {
        var form = try signUpForm()
        let taken = RuleViolation(code: "email.taken", template: "Already registered.")
        let update = form.applyServerViolations([Self.email.name: [taken], "nickname": [taken]])
        #expect(form.status(of: Self.email.name) == .invalid([taken]))
        #expect(update.unplacedViolations.keys.sorted() == ["nickname"])
        form.setValue("new@example.com", for: Self.email)
        form.leave(Self.email.name)
        #expect(form.status(of: Self.email.name) == .valid)
    }

    @Test("status changes are reported only when the kind changes")
    func statusChangeReporting() throws {
        var form = try signUpForm()
        form.setValue("x", for: Self.email)
        let first = form.leave(Self.email.name)
        #expect(first.statusChanges.map(\.to.kind) == [.invalid])
        let still = form.setValue("xy", for: Self.email)
        #expect(still.statusChanges.isEmpty, "invalid to invalid is not a change")
        let fixed = form.setValue("x@y.co", for: Self.email)
        #expect(fixed.statusChanges.map { [$0.from.kind, $0.to.kind] } == [[.invalid, .valid]])
    }

    static let allNames: [FieldName] = [email.name, password.name, confirm.name, postcode.name, terms.name]
}
