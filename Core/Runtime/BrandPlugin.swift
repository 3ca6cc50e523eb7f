/// What a brand contributes to the runtime: configuration only, no engine logic.
///
/// A brand target conforms one type to this protocol and the composition root
/// registers it. Features read what they need from the assembled ``Runtime``:
/// the manifest, the theme, the feature settings the brand overrode, the
/// brand's messages and its analytics naming.
public protocol BrandPlugin: Sendable {
    /// Identity, market, currency and locale.
    var manifest: BrandManifest { get }

    /// The complete token set the brand's heads draw with.
    var theme: Theme { get }

    /// Messages that replace default rule messages, by code and locale. Empty by default.
    var messages: MessageCatalogue { get }

    /// The flags the brand starts with: the value of every flag the runtime's
    /// flag service has none for. Empty by default.
    var featureFlagDefaults: [FeatureFlag: Bool] { get }

    /// Analytics transforms applied after the runtime's brand tagging, e.g. to
    /// rename events to the brand's naming scheme. Empty by default.
    var analyticsTransforms: [any AnalyticsTransform] { get }

    /// Overrides the feature settings that differ from the features' defaults.
    /// Does nothing by default.
    func configure(_ settings: inout FeatureSettings)
}

extension BrandPlugin {
    /// No message overrides.
    public var messages: MessageCatalogue { MessageCatalogue() }

    /// No flag defaults: every flag starts off.
    public var featureFlagDefaults: [FeatureFlag: Bool] { [:] }

    /// No analytics transforms.
    public var analyticsTransforms: [any AnalyticsTransform] { [] }

    /// Keeps every feature default.
    public func configure(_ settings: inout FeatureSettings) {}

    /// The feature settings of this brand: every feature's defaults with the
    /// brand's overrides applied. The one way to read a plugin's settings.
    public var featureSettings: FeatureSettings {
        var settings = FeatureSettings()
        configure(&settings)
        return settings
    }
}
