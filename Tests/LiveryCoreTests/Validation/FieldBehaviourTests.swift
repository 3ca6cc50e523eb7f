import Foundation
import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Field states, triggers and priorities")
struct FieldBehaviourTests {
    private func emailField(trigger: ValidationTrigger = .onLeave) -> FormField<String> {
        FormField("email", initialValue: "", rules: [RequiredRule(), EmailRule()], trigger: trigger)
    }

    @Test("a new field is unknown; leaving checks it; editing resets it to unknown")
    func onLeaveLifecycle() {
        var field = emailField()
        #expect(field.status == .unknown)
        field.setValue("orlando@gmail")
        #expect(field.status == .unknown, "typing alone does not check a field validated on leave")
        field.leave()
        #expect(field.status.violations.map(\.code) == [.emailFormat])
        field.setValue("orlando@gmail.com")
        #expect(field.status == .valid, "while it shows an error, each change re-checks it (reward early)")
        field.setValue("orlando@gmail.co")
        #expect(field.status == .unknown, "once valid, a change resets it until the next leave (punish late)")
        field.leave()
        #expect(field.status == .valid)
    }

    @Test("reward early, punish late: an invalid field re-checks on every change until fixed")
    func rewardEarly() {
        var field = FormField("mobile", initialValue: "", rules: [MobileNumberRule(market: .australia)])
        field.setValue("0412")
        field.leave()
        #expect(field.status.kind == .invalid)
        field.setValue("0412 345")
        #expect(field.status.kind == .invalid, "still wrong: still shown as wrong")
        field.setValue("0412 345 678")
        #expect(field.status == .valid)
    }

    @Test("on-change fields check on every keystroke")
    func onChange() {
        var field = FormField(
            "mobile", initialValue: "",
            rules: [
                CustomRule<String>(code: "mobile.digits", message: "Digits only") {
                    $0.allSatisfy { $0.isNumber || $0 == " " }
                }
            ], trigger: .onChange)
        field.setValue("04")
        #expect(field.status == .valid)
        field.setValue("04a")
        #expect(field.status.violations.map(\.code) == ["mobile.digits"])
    }

    @Test("on-submit fields ignore leaving and check only when validated")
    func onSubmit() {
        var field = emailField(trigger: .onSubmit)
        field.setValue("nope")
        field.leave()
        #expect(field.status == .unknown)
        field.validate()
        #expect(field.status.kind == .invalid)
    }

    @Test("every violated rule is listed, in rule order")
    func priorityOrder() {
        var field = FormField(
            "password", initialValue: "",
            rules: [
                LengthRule.min(8), PatternRule.uppercaseRequired,
                CustomRule<String>(code: "password.noSpaces", message: "No spaces") { !$0.contains(" ") },
            ])
        field.setValue("ab c")
        field.leave()
        #expect(field.status.violations.map(\.code) == [.lengthMin, "password.upper", "password.noSpaces"])
        var reordered = FormField(
            "password", initialValue: "",
            rules: [
                CustomRule<String>(code: "password.noSpaces", message: "No spaces") { !$0.contains(" ") },
                LengthRule.min(8),
            ])
        reordered.setValue("ab c")
        reordered.leave()
        #expect(reordered.status.violations.first?.code == "password.noSpaces")
    }

    @Test("empty required field reports only required; empty optional field is valid")
    func emptyValues() {
        var required = FormField("username", initialValue: "", rules: [RequiredRule(), LengthRule.min(6)])
        required.leave()
        #expect(required.status.violations.map(\.code) == [.required])
        var optional = FormField("referral", initialValue: "", rules: [LengthRule.min(6)])
        optional.leave()
        #expect(optional.status == .valid)
        optional.setValue("abc")
        optional.leave()
        #expect(optional.status.violations.map(\.code) == [.lengthMin])
    }

    @Test("the transform is applied before checking and submitting; the typed text is kept")
    func transform() {
        var field = FormField(
            "firstName", initialValue: "", rules: [RequiredRule(), LengthRule.max(5)],
            transform: { $0.trimmingCharacters(in: .whitespaces) })
        field.setValue("  Anna  ")
        field.leave()
        #expect(field.status == .valid)
        #expect(field.value == "  Anna  ")
        #expect(field.checkedValue == "Anna")
    }

    @Test("a field can start valid (prefilled) and reset returns to that state")
    func initialStatus() {
        var field = FormField(
            "email", initialValue: "prefilled@example.com", rules: [EmailRule()], initialStatus: .valid)
        #expect(field.status == .valid)
        field.leave()
        #expect(field.status == .valid)
        field.setValue("x")
        field.leave()
        #expect(field.status.kind == .invalid)
        field.reset()
        #expect(field.status == .valid)
        #expect(field.value == "prefilled@example.com")
    }

    @Test("server errors show until the field is edited, even across leaving")
    func serverErrors() {
        var field = FormField("username", initialValue: "", rules: [RequiredRule()])
        field.setValue("taken_name")
        field.leave()
        #expect(field.status == .valid)
        let taken = RuleViolation(code: "username.taken", template: "That username is taken.")
        field.applyServerViolations([taken])
        #expect(field.status == .invalid([taken]))
        field.leave()
        #expect(field.status == .invalid([taken]), "leaving without editing keeps the server's answer")
        field.setValue("fresh_name")
        field.leave()
        #expect(field.status == .valid)
    }
}

extension PatternRule {
    /// At least one uppercase letter somewhere (a test helper built on the pattern rule).
    static let uppercaseRequired = try! PatternRule(".*[A-Z].*").reported(as: "password.upper")
}
