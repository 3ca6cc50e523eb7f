import AppBarFeature
import LiveryCore

/// The Swift sources of a new brand, filled in from the brand it starts like.
struct BrandTemplates {
    let name: String
    let id: String
    let region: Region
    let model: any BrandPlugin

    private var currency: String { region == .australia ? "AUD" : "NZD" }
    private var locale: String { region == .australia ? "en-AU" : "en-NZ" }
    private var regionCase: String { region == .australia ? "australia" : "newZealand" }

    private var appBar: AppBarSettings {
        var settings = FeatureSettings()
        model.configure(&settings)
        return settings[AppBarSettings.Key.self]
    }

    private var promotions: String {
        switch appBar.promotions {
        case .none: ".none"
        case .locker(let badge): ".locker(showsBadge: \(badge))"
        case .toolbox(let badge): ".toolbox(showsBadge: \(badge))"
        }
    }

    private var flags: String {
        let defaults = model.featureFlagDefaults.sorted { $0.key < $1.key }
        guard !defaults.isEmpty else { return "[:]" }
        return "[" + defaults.map { "FeatureFlag(rawValue: \"\($0.key.rawValue)\"): \($0.value)" }.joined(separator: ", ") + "]"
    }

    var plugin: String {
        """
        import AppBarFeature
        import JoinFormFeature
        import LiveryCore

        /// The \(name) brand, scaffolded by `livery new` like \(model.manifest.id).
        ///
        /// Configuration only: identity, theme, feature settings and flags.
        public struct \(name)Brand: BrandPlugin {
            /// The plugin.
            public init() {}

            /// `\(id)`, \(region.code), \(currency), \(locale).
            public let manifest = BrandManifest(id: BrandID(rawValue: "\(id)")!, displayName: "\(name)",
                                                region: .\(regionCase), currencyCode: "\(currency)", locale: "\(locale)")

            /// The brand's complete token set.
            public var theme: Theme { \(name)Theme.theme }

            /// The flags the brand starts with.
            public var featureFlagDefaults: [FeatureFlag: Bool] { \(flags) }

            /// App bar and join form settings.
            public func configure(_ settings: inout FeatureSettings) {
                settings[AppBarSettings.Key.self].promotions = \(promotions)
                settings[AppBarSettings.Key.self].showsPotIcon = \(appBar.showsPotIcon)
            }
        }

        """
    }

    var theme: String {
        let theme = model.theme
        let palette = ColorRole.allCases.map { "            \($0.rawValue): color(\"\(theme.palette[$0].hexString)\")" }
            .joined(separator: ",\n")
        let font = theme.typography.body.fontFamily
        let pot = theme.icons.pot == nil ? "nil" : "\"\(id).icon.pot\""
        return """
        import LiveryCore

        /// The \(name) theme: every colour role, type, spacing and icons.
        enum \(name)Theme {
            static let theme = Theme(
                name: "\(name)",
                palette: ColorPalette(
        \(palette)),
                typography: TypographyScale(
                    title: TextStyle(fontFamily: "\(font)", size: 24, weight: .bold, lineHeight: 30),
                    headline: TextStyle(fontFamily: "\(font)", size: 18, weight: .semibold, lineHeight: 24),
                    body: TextStyle(fontFamily: "\(font)", size: 16, weight: .regular, lineHeight: 22),
                    caption: TextStyle(fontFamily: "\(font)", size: 12, weight: .regular, lineHeight: 16),
                    button: TextStyle(fontFamily: "\(font)", size: 16, weight: .semibold, lineHeight: 20),
                    badge: TextStyle(fontFamily: "\(font)", size: 11, weight: .bold, lineHeight: 14)),
                spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
                icons: IconSet(search: "\(id).icon.search", login: "\(id).icon.login", join: "\(id).icon.join",
                               betslip: "\(id).icon.betslip", balance: "\(id).icon.balance",
                               pendingBets: "\(id).icon.pending", locker: "\(id).icon.locker",
                               toolbox: "\(id).icon.toolbox", userTray: "\(id).icon.tray", pot: \(pot),
                               close: "\(id).icon.close", clear: "\(id).icon.clear"))

            /// A colour written in this file; a typo is a programming error caught by the brand's tests.
            private static func color(_ hex: String) -> RGBColor {
                do {
                    return try RGBColor(hex: hex)
                } catch {
                    preconditionFailure("\(name)Theme: \\(error)")
                }
            }
        }

        """
    }

    var app: String {
        """
        import \(name)Brand
        import Foundation
        import LiveryScenarios

        // \(name)'s own product: registers exactly this brand and runs its scenarios headlessly.
        exit(await BrandApp.main(\(name)Brand(), arguments: Array(CommandLine.arguments.dropFirst())))

        """
    }

    var tests: String {
        """
        import Testing
        import LiveryComposition
        import LiveryCore
        import LiveryScenarios
        @testable import \(name)Brand

        @Suite("\(name): configuration and scenarios")
        struct \(name)BrandTests {
            @Test("its theme is complete and every text pair meets WCAG AA")
            func theme() {
                #expect(\(name)Brand().theme.contrastFailures().isEmpty)
                #expect(\(name)Brand().theme.issues().isEmpty)
            }

            @Test("every scenario in Tests/Scenarios/\(id) passes")
            func scenarios() async throws {
                let composition = try Composition([\(name)Brand()])
                #expect(await ScenarioCommand(composition: composition, brand: "\(id)", colour: false).run() == 0)
            }
        }

        """
    }
}
