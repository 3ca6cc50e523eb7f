import ArgumentParser
import LiveryConsole
import LiveryWorkshop

extension Livery {
    /// `livery brands`: the registered brands.
    struct Brands: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the registered brands, their regions and promotions entries.")

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let composition = try Livery.composition()
            var rows: [[String]] = []
            for manifest in composition.registry.manifests {
                let configuration = try Livery.configuration(manifest.id.rawValue, in: composition)
                rows.append([manifest.id.rawValue, manifest.displayName, manifest.region.code, manifest.currencyCode,
                             manifest.locale, BrandSettings.describe(configuration.appBar.promotions),
                             configuration.plugin.theme.icons.pot == nil ? "no" : "yes"])
            }
            print(output.terminal.table(["brand", "name", "region", "currency", "locale", "promotions", "pot icon"], rows))
        }
    }
}
