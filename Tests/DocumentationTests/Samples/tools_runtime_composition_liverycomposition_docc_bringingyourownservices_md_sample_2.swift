// Written from Tools/Runtime/Composition/LiveryComposition.docc/BringingYourOwnServices.md (the sample at line 45) by DocumentationSampleTests: edit the markdown,
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

actor OwnServicesGuideAccounts: AccountBackend {
    private var clients: [String: CreatedClient] = [:]    // by idempotency key

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        guard username != "taken_name" else {
            return .unavailable([RuleViolation(code: UsernameVerdict.takenCode, template: "That username is taken.")])
        }
        return .available
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        // registration.fields: every submitted field as text; composite children as "address.street".
        if let earlier = clients[registration.idempotencyKey] { return earlier }
        let client = CreatedClient(clientID: "\(registration.brand)-\(clients.count + 1)")
        clients[registration.idempotencyKey] = client
        return client
    }
}

struct OwnServicesGuideCachedDefinition: FormDefinitionSource {
    let cached: FormDefinition?

    func definition(for brand: BrandID) async throws(DefinitionError) -> FormDefinition {
        guard let cached else { throw .unavailable(source: "the app's cache", reason: "empty") }
        return cached
    }
}

@MainActor func ownServicesGuideAssemble() async throws {
    let live = LiveServices(
        accounts: OwnServicesGuideAccounts(),
        addresses: .harmony(HarmonyConfiguration(baseURL: harmonyURL), session: appSession),
        definition: .serverOrBundled(OwnServicesGuideCachedDefinition(cached: nil)))
    let assembled = try await Composition([NedsBrand.load()]).assemble("neds", on: .live(live))
    print(assembled.origin)    // the brand's bundled definition, because … (the cache was empty)
}
