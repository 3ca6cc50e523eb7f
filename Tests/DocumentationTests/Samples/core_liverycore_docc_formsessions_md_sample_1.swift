// Written from Core/LiveryCore.docc/FormSessions.md (the sample at line 39) by DocumentationSampleTests: edit the markdown,
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

@MainActor
func core_liverycore_docc_formsessions_md_sample_1() async throws {
    let taken = AsyncCustomRule<String> { name in
        // An app asks its server here; this one knows one taken name.
        name == "alex_c" ? RuleViolation(code: "username.taken", template: "That username is taken.") : nil
    }
    let username = FormField<String>(
        "username", initialValue: "", rules: [RequiredRule<String>(), LengthRule.min(4)], asyncRules: [taken],
        debounce: .milliseconds(300))
    let virtual = VirtualClock()
    let session = FormSession(try Form(username), clock: EngineClock(virtual))

    await session.setValue("alex_c", for: username.key)
    await session.leave("username")                        // the length passes; the server check is due in 300 ms
    print(await session.form.isValidating("username"))     // true
    await virtual.advance(by: .milliseconds(300))          // past the debounce: the check runs
    await session.waitForPendingChecks()
    print(await session.form.status(of: "username")?.violations.map(\.code) ?? [])    // [username.taken]

    await session.setValue("alex_c2", for: username.key)
    await session.leave("username")
    await virtual.advance(by: .milliseconds(300))
    let values = try await session.submit()
    print(values[username.key] ?? "")                      // alex_c2
}
