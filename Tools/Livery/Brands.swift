import AppBarFeature
import ArgumentParser
import LiveryCore

extension Livery {
    /// `livery brands`: the registered brands.
    struct Brands: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the registered brands, their regions and promotions entries.")

        func run() async throws {
            let composition = try Livery.composition()
            var rows: [[String]] = []
            for manifest in composition.registry.manifests {
                let plugin = try composition.registry.plugin(manifest.id)
                var settings = FeatureSettings()
                plugin.configure(&settings)
                let appBar = settings[AppBarSettings.Key.self]
                rows.append([manifest.id.rawValue, manifest.displayName, manifest.region.code, manifest.currencyCode,
                             manifest.locale, Self.describe(appBar.promotions), plugin.theme.icons.pot == nil ? "no" : "yes"])
            }
            print(Terminal.table(["brand", "name", "region", "currency", "locale", "promotions", "pot icon"], rows))
        }

        static func describe(_ entry: PromotionsEntry) -> String {
            switch entry {
            case .none: "none"
            case .locker(let badge): badge ? "locker with badge" : "locker"
            case .toolbox(let badge): badge ? "toolbox with badge" : "toolbox"
            }
        }
    }
}
