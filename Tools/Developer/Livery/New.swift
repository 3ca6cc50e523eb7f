import ArgumentParser
import BrandDeclarations
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryScenarios
import LiveryWorkshop

extension Livery {
    /// `livery new <Name> --market <code> [--like <brand>]`: scaffolds a brand.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Scaffold a new brand: its brand.json, plugin, app, tests and scenarios, added to Package.swift.",
            discussion: """
                The new brand is a copy of --like (theme, app bar, flags, messages, join form and scenario files) under \
                its own id, name and icons, or of the market's first brand in Package.swift. In a market no brand trades \
                in yet (a pack in Brands/Markets/Packs), it starts from the first brand, moved to that market's currency, \
                locale and standard form, with scenarios written for the market. It passes `livery doctor`, \
                `livery test` and `livery run` at once; then change its brand.json. Nothing in Core/ or Features/ changes. \
                Run it inside the checkout (any folder below its Package.swift). On any failure nothing is left written. \
                Exit status: 0 created, 2 bad input.
                """)

        @Argument(
            help:
                "The brand's name, a Swift type name such as Sportsbet (ASCII letters and digits, capital first, at most 40; not a Swift keyword, a standard-library or module name, or Livery…); its id is the name in lower case."
        )
        var name: String

        @Option(
            name: [.customLong("market"), .customLong("region", withSingleDash: false)],
            help: "The brand's market: the code of a market pack, such as AU, NZ or GB (any case).")
        var market: String

        @Option(help: "An existing brand to start from (default: the market's first brand in Package.swift).")
        var like: String?

        @OptionGroup var output: OutputOptions

        func validate() throws {
            let markets = try ToolBrands.markets()
            guard markets.market(code: market) != nil else {
                throw ValidationError(
                    "--market must be one of \(markets.codes.joined(separator: ", ")), not '\(market.prefix(20))'")
            }
        }

        func run() async throws {
            let terminal = output.terminal
            guard let market = try ToolBrands.markets().market(code: market) else {
                throw ToolError("--market: no market pack has code '\(market.prefix(20))'")
            }
            terminal.progress(1, of: 4, "reading the brand list and the model brand")
            let checkout = try PackageCheckout.enclosing()
            let names = try checkout.brandNames()
            try BrandScaffold.check(name: name, existing: names, root: checkout.root)
            let composition = try Livery.composition()
            let model = try BrandScaffold.model(like: like, market: market, in: composition, order: names)
            terminal.progress(2, of: 4, "preparing \(name.lowercased()) like \(model.manifest.id)")
            // A model moved from another market: its scenarios were written for that market, so the
            // new brand starts with scenarios written for this one.
            let moved = try composition.registry.plugin(named: model.manifest.id.rawValue).manifest.market != market
            let scenarios =
                moved
                ? try MarketScenarios.files(for: try BrandScaffold.declaration(named: name, like: model)) : nil
            let scaffold = try BrandScaffold(name: name, like: model, in: checkout, scenarios: scenarios)
            terminal.progress(3, of: 4, "writing \(scaffold.createdPaths.count) files and Package.swift")
            terminal.progress(4, of: 4, "checking Package.swift with swift package dump-package")
            try scaffold.write { () throws(ToolError) in try checkout.dumpedTargetNames() }
            print(terminal.green("✔ created brand \(name.lowercased())") + " like \(model.manifest.id):")
            for file in scaffold.createdPaths { print("  + \(file)") }
            for file in scaffold.changedPaths { print("  ~ \(file)") }
            print("Next: swift run livery test \(name.lowercased()) && swift run livery run \(name.lowercased())")
            print(
                "Then change Brands/\(name)/Plugin/brand.json; `swift run livery diff \(model.manifest.id) \(name.lowercased())` shows what differs."
            )
        }
    }
}
