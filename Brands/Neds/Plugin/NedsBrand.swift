import AppBarFeature
import JoinFormFeature
import LiveryCore

/// The Neds brand: Australian; the Toolbox with a badge; its own pot icon.
///
/// Configuration only: identity, theme, feature settings, flags and messages.
public struct NedsBrand: BrandPlugin {
    /// The plugin.
    public init() {}

    /// `neds`, Australia, AUD, en-AU.
    public let manifest = BrandManifest(id: BrandID(rawValue: "neds")!, displayName: "Neds",
                                        region: .australia, currencyCode: "AUD", locale: "en-AU")

    /// The brand's complete token set.
    public var theme: Theme { NedsTheme.theme }

    /// The flags the brand starts with.
    public var featureFlagDefaults: [FeatureFlag: Bool] { [.loginNative: true, .betslipNative: false, .pendingResultedNative: true] }

    /// App bar: toolbox(showsBadge: true), pot icon; join form: the Australian standard definition.
    public func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self].promotions = .toolbox(showsBadge: true)
        settings[AppBarSettings.Key.self].showsPotIcon = true
    }
}
