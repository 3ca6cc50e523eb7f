// Written from Features/JoinForm/JoinFormFeature.docc/TheJoinJourney.md (the sample at line 137) by DocumentationSampleTests: edit the markdown,
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
func features_joinform_joinformfeature_docc_thejoinjourney_md_sample_3() async throws {
    let brand = try NedsBrand.load().configuring { settings in
        settings[JoinFormSettings.Key.self].alerts.byKind[.signUpFailed]?.title = "Sign-up hiccup"
        settings[JoinFormSettings.Key.self].alerts.byRuleCode["identity.documents"] = SystemAlert(
            kind: .configured, title: "We need to see some ID",
            message: "We'll email you to ask for a document.", actions: [SystemAlert.Action("OK", role: .dismiss)])
    }
    let runtime = try await Composition([brand]).assemble("neds", on: .embedded(EmbeddedWorld())).runtime
    print(try runtime.joinForm().state.pages.map(\.name))
}
