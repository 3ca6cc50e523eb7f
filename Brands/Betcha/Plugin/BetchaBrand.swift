import AppBarFeature
import JoinFormFeature
import LiveryCore

/// The Betcha brand: Australian; the Toolbox without a badge; no pot icon.
///
/// Configuration only: identity, theme, feature settings, flags and messages.
public struct BetchaBrand: BrandPlugin {
    /// The plugin.
    public init() {}

    /// `betcha`, Australia, AUD, en-AU.
    public let manifest = BrandManifest(id: BrandID(rawValue: "betcha")!, displayName: "Betcha",
                                        region: .australia, currencyCode: "AUD", locale: "en-AU")

    /// The brand's complete token set.
    public var theme: Theme { BetchaTheme.theme }

    /// The brand's own words for some rule codes (they replace the features' defaults).
    public var messages: MessageCatalogue {
        MessageCatalogue(["username.taken": "Someone's already got that username. Try another?",
                          "required": "We need this one."])
    }

    /// The flags the brand starts with.
    public var featureFlagDefaults: [FeatureFlag: Bool] { [.loginNative: false, .betslipNative: false, .pendingResultedNative: false] }

    /// App bar: toolbox(showsBadge: false); join form: the Australian standard definition.
    public func configure(_ settings: inout FeatureSettings) {
        settings[AppBarSettings.Key.self].promotions = .toolbox(showsBadge: false)
        settings[AppBarSettings.Key.self].showsPotIcon = false
    }
}
