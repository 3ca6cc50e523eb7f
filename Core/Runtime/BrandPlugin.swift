/// What a brand contributes to the runtime: configuration only, no engine logic.
///
/// The brands this package ships are data: each brand's file is read into one
/// plugin type, which the composition root registers. Any other type may
/// conform too (tests do). Every requirement must be given (none has a
/// default), so a type that wraps another brand cannot silently drop part of
/// it; to use a brand with another definition or other settings, take a
/// ``BrandVariant`` (`brand.configuring { … }`) rather than writing a wrapper.
/// Features read what they need from the assembled ``Runtime``: the
/// manifest, the theme, the feature settings the brand overrode, the brand's
/// messages and its analytics naming.
public protocol BrandPlugin: Sendable {
    /// Identity, market, currency and locale.
    var manifest: BrandManifest { get }

    /// The complete token set the brand's heads draw with.
    var theme: Theme { get }

    /// Messages that replace default rule messages, by code and locale.
    var messages: MessageCatalogue { get }

    /// The flags the brand starts with: the value of every flag the runtime's
    /// flag service has none for.
    var featureFlagDefaults: [FeatureFlag: Bool] { get }

    /// Analytics transforms applied after the runtime's brand tagging, e.g. to
    /// rename events to the brand's naming scheme.
    var analyticsTransforms: [any AnalyticsTransform] { get }

    /// Overrides the feature settings that differ from the features' defaults.
    func configure(_ settings: inout FeatureSettings)
}

extension BrandPlugin {
    /// The feature settings of this brand: every feature's defaults with the
    /// brand's overrides applied. The one way to read a plugin's settings.
    public var featureSettings: FeatureSettings {
        var settings = FeatureSettings()
        configure(&settings)
        return settings
    }

    /// This brand with `change` applied to its feature settings after its
    /// own overrides; everything else (manifest, theme, messages, flag
    /// defaults, analytics transforms) kept as the brand has it.
    public func configuring(_ change: @escaping @Sendable (inout FeatureSettings) -> Void) -> BrandVariant {
        BrandVariant(self).configuring(change)
    }
}

/// A brand used with other settings: another form definition (a server's),
/// another app bar, another theme. It takes every part of the brand it was
/// made from, read through ``BrandPlugin`` when it is made, and changes only
/// what it is told.
///
/// ```swift
/// let variant = NedsBrand.load()
///     .with(definition: serverDefinition)      // the join form's own shorthand for `configuring`
///     .theme(darkTheme)
/// ```
public struct BrandVariant: BrandPlugin {
    /// The brand it was made from.
    public let base: any BrandPlugin
    /// The base brand's identity, market, currency and locale.
    public var manifest: BrandManifest
    /// The base brand's theme unless ``theme(_:)`` gave another.
    public var theme: Theme
    /// The base brand's messages.
    public var messages: MessageCatalogue
    /// The base brand's flag defaults.
    public var featureFlagDefaults: [FeatureFlag: Bool]
    /// The base brand's analytics transforms, every one.
    public var analyticsTransforms: [any AnalyticsTransform]
    private var changes: [@Sendable (inout FeatureSettings) -> Void] = []

    /// `base` as it is: every part of it.
    public init(_ base: any BrandPlugin) {
        self.base = base
        manifest = base.manifest
        theme = base.theme
        messages = base.messages
        featureFlagDefaults = base.featureFlagDefaults
        analyticsTransforms = base.analyticsTransforms
    }

    /// The base brand's settings, then each change in the order given.
    public func configure(_ settings: inout FeatureSettings) {
        base.configure(&settings)
        for change in changes { change(&settings) }
    }

    /// This variant with `change` applied to its feature settings after the changes it has.
    public func configuring(_ change: @escaping @Sendable (inout FeatureSettings) -> Void) -> BrandVariant {
        var variant = self
        variant.changes.append(change)
        return variant
    }

    /// This variant drawn with `theme`.
    public func theme(_ theme: Theme) -> BrandVariant {
        var variant = self
        variant.theme = theme
        return variant
    }
}
