// Written from Core/LiveryCore.docc/ValidationAndRules.md (the sample at line 60) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The text must not contain another field's value, ignoring case.
struct ValidationGuideNotContainingRule: ValidationRule {
    let other: FieldKey<String>

    var dependencies: [FieldName] { [other.name] }

    func check(_ value: String, in context: ValidationContext) -> RuleViolation? {
        guard let forbidden = context.value(of: other)?.lowercased(), !forbidden.isEmpty,
            value.lowercased().contains(forbidden)
        else { return nil }
        return RuleViolation(
            code: "text.containsField", parameters: ["field": other.name.rawValue],
            template: "Leave your {field} out of it.")
    }
}

func validationGuideCheckPassword() throws {
    let firstName = FormField<String>("firstName", initialValue: "", rules: [RequiredRule<String>()])
    let password = FormField<String>(
        "password", initialValue: "",
        rules: [RequiredRule<String>(), LengthRule.min(8), ValidationGuideNotContainingRule(other: firstName.key)])
    var form = try Form(firstName, password)

    form.setValue("Alex", for: firstName.key)
    form.setValue("alex-2024!", for: password.key)
    form.leave("password")
    print(form.status(of: "password")?.violations.map(\.code) ?? [])    // [text.containsField]

    form.setValue("Sam", for: firstName.key)                             // the password is checked again
    print(form.status(of: "password") == .valid)                         // true
}
