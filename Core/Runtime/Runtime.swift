/// One brand's headless runtime: its plugin, its feature settings and its
/// services. Feature modules build their engines from it (for example
/// `runtime.joinForm()`, declared in the JoinForm module).
///
/// Each runtime is an independent value: two runtimes for two brands can run
/// side by side in one process (and in parallel tests).
public struct Runtime: Sendable {
    /// The brand's plugin.
    public let brand: any BrandPlugin
    /// The brand's identity, market, currency and locale.
    public let manifest: BrandManifest
    /// Every feature's settings, with the brand's overrides applied.
    public let settings: FeatureSettings
    /// The services; analytics events are tagged with the brand and market.
    public let services: RuntimeServices

    /// Assembles a runtime: applies the brand's settings, puts the brand's
    /// flag defaults under the flags given (a flag the service has no value
    /// for takes the brand's default), and tags analytics with its id and
    /// market (overwriting any `brand`/`market` an event carries), then adds
    /// the brand's own analytics transforms.
    public init(brand: any BrandPlugin, services: RuntimeServices) {
        let manifest = brand.manifest
        let settings = brand.featureSettings
        var services = services
        var analytics = services.analytics.adding(
            enrichment: ContextEnrichment(
                brand: manifest.id.rawValue, market: manifest.market.code, overwritesExisting: true))
        for transform in brand.analyticsTransforms {
            analytics = analytics.adding(enrichment: transform)
        }
        services.analytics = analytics
        if !brand.featureFlagDefaults.isEmpty {
            services.featureFlags = DefaultedFlags(services.featureFlags, defaults: brand.featureFlagDefaults)
        }
        self.brand = brand
        self.manifest = manifest
        self.settings = settings
        self.services = services
    }

    /// The brand's theme.
    public var theme: Theme { brand.theme }

    /// The brand's market.
    public var market: Market { manifest.market }

    /// The message for `violation` in the brand's locale: the brand's
    /// catalogue merged over `defaults` (a feature's own messages), falling
    /// back to the rule's default message.
    public func message(for violation: RuleViolation, defaults: MessageCatalogue = MessageCatalogue()) -> String {
        messages(defaults: defaults).message(for: violation)
    }

    /// The brand's messages merged over `defaults`, resolved for the brand's
    /// locale: what a feature keeps to render every violation it shows.
    public func messages(defaults: MessageCatalogue = MessageCatalogue()) -> LocalizedMessages {
        defaults.merging(brand.messages).messages(for: manifest.locale)
    }
}
