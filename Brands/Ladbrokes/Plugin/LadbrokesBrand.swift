import AppBarFeature
import JoinFormFeature
import LiveryCore

/// The Ladbrokes brand: Australian; the Locker with a promotions-balance badge; its own pot icon.
///
/// Configuration only: identity, theme, feature settings, flags and messages.
public struct LadbrokesBrand: BrandPlugin {
    /// The plugin.
    public init() {}

    /// `ladbrokes`, Australia, AUD, en-AU.
    public let manifest = BrandManifest(id: BrandID(rawValue: "ladbrokes")!, displayName: "Ladbrokes",
                                        region: .australia, currencyCode: "AUD", locale: "en-AU")

    /// The brand's complete token set.
    public var theme: Theme { LadbrokesTheme.theme }

    /// The flags the brand starts with.
    public var featureFlagDefaults: [FeatureFlag: Bool] { [.loginNative: true, .betslipNative: true, .pendingResultedNative: true] }

    /// App bar: locker(showsBadge: true), pot icon; join form: the Australian standard definition.
    public func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self].promotions = .locker(showsBadge: true)
        settings[AppBarSettings.Key.self].showsPotIcon = true
    }
}
