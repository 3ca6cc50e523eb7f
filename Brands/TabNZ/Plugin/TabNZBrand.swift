import AppBarFeature
import JoinFormFeature
import LiveryCore

/// The TAB NZ brand: New Zealand; no promotions entry; no pot icon.
///
/// Configuration only: identity, theme, feature settings, flags and messages.
public struct TabNZBrand: BrandPlugin {
    /// The plugin.
    public init() {}

    /// `tabnz`, New Zealand, NZD, en-NZ.
    public let manifest = BrandManifest(id: BrandID(rawValue: "tabnz")!, displayName: "TAB NZ",
                                        region: .newZealand, currencyCode: "NZD", locale: "en-NZ")

    /// The brand's complete token set.
    public var theme: Theme { TabNZTheme.theme }

    /// The flags the brand starts with.
    public var featureFlagDefaults: [FeatureFlag: Bool] { [.loginNative: false, .betslipNative: true, .pendingResultedNative: false] }

    /// App bar: none; join form: the New Zealand standard definition.
    public func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self].promotions = .none
        settings[AppBarSettings.Key.self].showsPotIcon = false
    }
}
