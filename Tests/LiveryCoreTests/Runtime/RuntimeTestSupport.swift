import LiveryTesting

@testable import LiveryCore

/// A brand used only by tests.
struct TestBrand: BrandPlugin {
    var manifest: BrandManifest
    var theme: Theme = SampleThemes.accessible
    var messages = MessageCatalogue()
    var featureFlagDefaults: [FeatureFlag: Bool] = [:]
    var analyticsTransforms: [any AnalyticsTransform] = []
    var promotions = "none"

    init(_ id: String, market: Market = .australia, locale: String = "en-AU") {
        manifest = BrandManifest(
            id: BrandID(rawValue: id)!, displayName: id.capitalized, market: market,
            currencyCode: market == .australia ? "AUD" : "NZD", locale: locale)
    }

    func configure(_ settings: inout FeatureSettings) {
        settings[PromotionsSettingKey.self] = promotions
    }
}

/// A feature setting declared by a test feature.
enum PromotionsSettingKey: FeatureSettingKey {
    static let defaultValue = "none"
}

func testServices(recording: RecordingDestination, flags: FeatureFlagStore = FeatureFlagStore()) -> RuntimeServices {
    let clock = VirtualClock()
    return RuntimeServices(
        clock: EngineClock(clock), wallClock: clock.wallClock(), backend: UnusedBackend(),
        addressLookup: UnusedAddressLookup(),
        analytics: AnalyticsPipeline(destinations: [recording]), featureFlags: flags)
}
