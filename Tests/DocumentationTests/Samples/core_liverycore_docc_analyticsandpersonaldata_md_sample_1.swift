// Written from Core/LiveryCore.docc/AnalyticsAndPersonalData.md (the sample at line 38) by DocumentationSampleTests: edit the markdown,
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
func core_liverycore_docc_analyticsandpersonaldata_md_sample_1() async throws {
    let vendor = RecordingDestination(name: "vendor")                               // no personal data
    let crm = RecordingDestination(name: "crm", permittedPersonalData: [.email])
    let pipeline = AnalyticsPipeline(
        enrichment: [ContextEnrichment(screen: "join")], destinations: [vendor, crm])

    let event = AnalyticsEvent("signup_submitted", ["step": "account"])
        .addingPersonal(.email, "email", "pat@example.com")
        .adding("password", "Correct-Horse-9")                                      // labelled general, dropped anyway
    pipeline.track(event)

    print(vendor.last?["email"] == nil)      // true
    print(crm.last?["email"] ?? "none")      // pat@example.com
    print(crm.last?["password"] == nil)      // true
    print(vendor.last?["screen"] ?? "none")  // join
}
