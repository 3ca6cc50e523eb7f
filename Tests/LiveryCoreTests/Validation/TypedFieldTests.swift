import Foundation
import Testing

@testable import LiveryCore

/// Fields of an app's own value types, with Core's rules given the app's own messages: what an app that writes
/// its form in code, rather than from a definition, relies on.
@Suite("Typed fields an app writes in code")
struct TypedFieldTests {
    enum Plan: Sendable, Emptiable {
        case none, basic, premium
        var isEmptyValue: Bool { self == .none }
    }

    private static let birthDay = CalendarDay(year: 2026, month: 6, day: 1)!

    private static func form() -> Form {
        try! Form(
            FormField(
                "name", initialValue: "", rules: [RequiredRule<String>().reported(message: "Tell us your name.")]),
            FormField(
                "password", initialValue: "",
                rules: [RequiredRule<String>().reported(message: "Choose a password."), LengthRule.min(3)]),
            FormField(
                "birthDate", initialValue: CalendarDay(year: 2000, month: 1, day: 1)!,
                rules: [MinimumAgeRule(years: 18, clock: .fixed(birthDay)).reported(message: "Only {years}+.")]),
            FormField("plan", initialValue: Plan.none, rules: [RequiredRule<Plan>().reported(as: "plan.missing")]),
            FormField("terms", initialValue: false, rules: [MustBeTrueRule().reported(message: "Accept the terms.")])
        )
    }

    private static func messages(_ form: Form) -> [String: [String]] {
        var shown: [String: [String]] = [:]
        for (position, name) in form.names.enumerated() {
            let violations = form.status(at: position).violations
            if !violations.isEmpty { shown[name.rawValue] = violations.map(\.message) }
        }
        return shown
    }

    @Test("an empty required field shows only its own requirement message, whatever the value's type")
    func emptyShowsOnlyTheRequirement() {
        var form = Self.form()
        form.setValue(CalendarDay(year: 2010, month: 1, day: 1)!, for: FieldKey<CalendarDay>("birthDate"))
        form.validateAll()
        #expect(!form.isValid)
        #expect(
            Self.messages(form) == [
                "name": ["Tell us your name."], "password": ["Choose a password."],
                "birthDate": ["Only 18+."], "plan": ["This field is required."], "terms": ["Accept the terms."],
            ])
        #expect(form.status(of: "plan")?.violations.map(\.code) == ["plan.missing"])
        #expect(
            form.status(of: "password")?.violations.map(\.code) == [.required],
            "an empty password is not also too short")
    }

    @Test("filled in, the same form is valid; breaking one rule again shows the same message, equal each time")
    func validThenInvalidAgain() throws {
        var form = Self.form()
        form.setValue("Alex", for: FieldKey<String>("name"))
        form.setValue("ab", for: FieldKey<String>("password"))
        form.setValue(CalendarDay(year: 2008, month: 6, day: 1)!, for: FieldKey<CalendarDay>("birthDate"))
        form.setValue(Plan.premium, for: FieldKey<Plan>("plan"))
        form.setValue(true, for: FieldKey<Bool>("terms"))
        form.validateAll()
        #expect(Self.messages(form) == ["password": ["Enter at least 3 characters."]], "18 on the day itself")
        form.setValue("abc", for: FieldKey<String>("password"))
        form.validateAll()
        #expect(form.isValid)
        let values = try form.submission()
        #expect(values[FieldKey<Plan>("plan")] == .premium)
        form.setValue(false, for: FieldKey<Bool>("terms"))
        form.validateAll()
        let first = try #require(form.status(of: "terms")?.violations.first)
        form.setValue(true, for: FieldKey<Bool>("terms"))
        form.setValue(false, for: FieldKey<Bool>("terms"))
        form.validateAll()
        #expect(form.status(of: "terms")?.violations == [first])
        #expect(first.message == "Accept the terms.")
        #expect(first.code == .consentRequired, "a new message keeps the rule's code")
    }

    @Test("a relabelled rule that reports several violations relabels each, keeping its parameters")
    func relabelsEachViolation() {
        let rule = LengthRule.range(2...4).reported(as: "name.size", message: "Between {minimum} and {maximum}.")
        for text in ["a", "abcde", "a", "abcde"] {
            let violation = rule.check(text, in: .standalone)
            #expect(violation?.code == "name.size")
            #expect(violation?.message == "Between 2 and 4.")
            #expect(violation?.parameters == ["minimum": "2", "maximum": "4"])
        }
        #expect(rule.check("abc", in: .standalone) == nil)
    }

    @Test("a rule that makes a new violation for each value is relabelled right every time, past what is kept")
    func relabelsFreshViolations() {
        let counted = CustomRule<Int> { value, _ in
            RuleViolation(code: "count.odd", parameters: ["count": String(value)], template: "{count} is odd.")
        }.reported(message: "Odd: {count}.")
        for round in 0..<3 {
            for value in 0..<20 {
                #expect(counted.check(value, in: .standalone)?.message == "Odd: \(value).", "round \(round)")
            }
        }
    }

    @Test("an age rule without a clock of its own reads the form's, and a new clock changes the verdict")
    func ageOnTheFormsClock() {
        var form = try! Form(
            FormField(
                "birthDate", initialValue: CalendarDay(year: 2008, month: 6, day: 2)!,
                rules: [MinimumAgeRule(years: 18)]))
        form.wallClock = .fixed(CalendarDay(year: 2026, month: 6, day: 1)!)
        form.validateAll()
        #expect(form.status(of: "birthDate")?.violations.map(\.code) == [.ageMinimum])
        form.wallClock = .fixed(CalendarDay(year: 2026, month: 6, day: 2)!)
        form.validateAll()
        #expect(form.status(of: "birthDate") == .valid, "18 on the birthday")
    }

    @Test("async rules attached to a copy of a form run for that copy only")
    func attachedAsyncRules() async {
        let taken = AsyncCustomRule<String> { name in
            name == "alex" ? RuleViolation(code: "name.taken", template: "Taken.") : nil
        }
        let shared = try! Form(FormField("name", initialValue: "", rules: [RequiredRule<String>()]))
        var checked = shared
        checked.setAsyncRules([taken], for: FieldKey<String>("name"))
        func codes(_ form: Form) async -> [RuleCode]? {
            var form = form
            form.setValue("alex", for: FieldKey<String>("name"))
            if let check = form.leave("name").checks.first { form.complete(await check.perform()) }
            return form.status(of: "name")?.violations.map(\.code)
        }
        #expect(await codes(checked) == ["name.taken"])
        #expect(await codes(shared) == [], "the form it was copied from has no server check")
    }
}
