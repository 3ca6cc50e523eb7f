// Written from Core/LiveryCore.docc/ValidationAndRules.md (the sample at line 108) by DocumentationSampleTests: edit the markdown,
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

enum FieldsGuidePlan: String, Sendable, Emptiable {
    case none, basic, premium

    var isEmptyValue: Bool { self == .none }
}

func fieldsGuideChoosePlan() throws {
    let plan = FormField<FieldsGuidePlan>(
        "plan", initialValue: .none, rules: [RequiredRule<FieldsGuidePlan>().reported(message: "Choose a plan.")])
    let nickname = FormField<String>(
        "nickname", initialValue: "",
        rules: [LengthRule.range(3...12).reported(message: "Between {minimum} and {maximum} letters, please.")])
    var form = try Form(plan, nickname)

    form.setValue("Al", for: nickname.key)
    form.validateAll()
    print(form.status(of: "plan")?.violations.map(\.message) ?? [])       // ["Choose a plan."]
    print(form.status(of: "nickname")?.violations.map(\.message) ?? [])   // ["Between 3 and 12 letters, please."]
    print(form.status(of: "nickname")?.violations.map(\.code) ?? [])      // [length.range]: the rule's own code

    form.setValue(.premium, for: plan.key)
    form.setValue("Alex", for: nickname.key)
    let values = try form.submit()
    print(values[plan.key] == .premium)                                   // true: a FieldsGuidePlan, not text
}
