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
        return """
        import LiveryCore

        /// The \(name) theme: every colour role, type, spacing and icons.
        enum \(name)Theme {
            static let theme = Theme(
                name: "\(name)",
                palette: ColorPalette(
        \(palette)),
                typography: TypographyScale(fontFamily: "\(font)"),
                spacing: .standard,
                icons: IconSet(assetPrefix: "\(id)", hasPot: \(theme.icons.pot != nil)))

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
        import LiveryCore
        import LiveryScenarios
        @testable import \(name)Brand

        @Suite("\(name): configuration")
        struct \(name)BrandTests {
            @Test("its theme is complete and every text pair meets WCAG AA")
            func theme() {
                #expect(\(name)Brand().theme.contrastFailures().isEmpty)
                #expect(\(name)Brand().theme.issues().isEmpty)
            }
        }

        /// Runs every scenario file of \(name) (Tests/Scenarios/\(id)) through the
        /// same runner as `livery run \(id)`, one test per file.
        @Suite("\(name): scenario files")
        struct \(name)ScenarioTests {
            static let files = ScenarioLibrary.fileNames(for: "\(id)")

            @Test("the brand has scenarios")
            func present() {
                #expect(!Self.files.isEmpty, "no files in Tests/Scenarios/\(id)")
            }

            @Test("scenario passes", arguments: files)
            func scenario(_ file: String) async throws {
                let result = try await ScenarioRunner.runScenario(named: file, of: \(name)Brand())
                #expect(result.passed, "\\(result.failure.map { String(describing: $0) } ?? "")")
            }
        }

        """
    }
}
