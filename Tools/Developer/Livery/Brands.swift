import ArgumentParser
import LiveryConsole
import LiveryCore
import LiveryWorkshop

extension Livery {
    /// `livery brands`: the registered brands.
    struct Brands: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the registered brands, their markets and promotions entries.",
            discussion:
                "With --flags: each brand's feature-flag defaults, as its Brands/<Name>/Plugin/brand.json declares them."
        )

        @Flag(help: "Show each brand's feature-flag defaults (from its brand.json) instead.")
        var flags = false

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let composition = try Livery.composition()
            if flags {
                var rows: [[String]] = []
                for manifest in composition.registry.manifests {
                    rows.append(
                        [manifest.id.rawValue]
                            + BrandSettingLines.flagDefaults(
                                try Livery.configuration(manifest.id.rawValue, in: composition)))
                }
                print(output.terminal.table(["brand"] + FeatureFlag.known.map(\.rawValue), rows))
                return
            }
            var rows: [[String]] = []
            for manifest in composition.registry.manifests {
                let configuration = try Livery.configuration(manifest.id.rawValue, in: composition)
                rows.append([
                    manifest.id.rawValue, manifest.displayName, manifest.market.code, manifest.currencyCode,
                    manifest.locale, BrandSettingLines.describe(configuration.appBar.promotions),
                    configuration.plugin.theme.icons.pot == nil ? "no" : "yes",
                ])
            }
            print(
                output.terminal.table(
                    ["brand", "name", "market", "currency", "locale", "promotions", "pot icon"], rows))
        }
    }
}
