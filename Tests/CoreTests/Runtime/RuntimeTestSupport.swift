@testable import LiveryCore

/// A brand used only by tests.
struct TestBrand: BrandPlugin {
    var manifest: BrandManifest
    var theme: Theme = SampleThemes.accessible
    var messages = MessageCatalogue()
    var featureFlagDefaults: [FeatureFlag: Bool] = [:]
    var promotions = "none"

    init(_ id: String, region: Region = .australia, locale: String = "en-AU") {
        manifest = BrandManifest(id: BrandID(rawValue: id)!, displayName: id.capitalized, region: region,
                                 currencyCode: region == .australia ? "AUD" : "NZD", locale: locale)
    }

    func configure(_ settings: inout FeatureSettings) {
        settings[PromotionsSettingKey.self] = promotions
    }
}

/// A feature setting declared by a test feature.
enum PromotionsSettingKey: FeatureSettingKey {
    static let defaultValue = "none"
}

/// An account backend that must not be called.
struct UnusedBackend: AccountBackend {
    func isUsernameAvailable(_ username: String) async throws(BackendError) -> Bool {
        throw .unavailable(reason: "not used in this test")
    }
    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        throw .unavailable(reason: "not used in this test")
    }
}

/// An address service that must not be called.
struct UnusedAddressLookup: AddressLookupService {
    func suggestions(for query: String, in region: Region, limit: Int) async throws(AddressLookupError) -> [AddressSuggestion] {
        throw .unavailable(reason: "not used in this test")
    }
    func address(id: String) async throws(AddressLookupError) -> PostalAddress {
        throw .notFound(id: id)
    }
}

func testServices(recording: RecordingDestination, flags: FeatureFlagStore = FeatureFlagStore()) -> RuntimeServices {
    let clock = VirtualClock()
    return RuntimeServices(clock: EngineClock(clock), wallClock: clock.wallClock(), backend: UnusedBackend(),
                           addressLookup: UnusedAddressLookup(),
                           analytics: AnalyticsPipeline(destinations: [recording]), featureFlags: flags)
}
