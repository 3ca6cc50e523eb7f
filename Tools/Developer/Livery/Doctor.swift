import ArgumentParser
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryWorkshop

extension Livery {
    /// `livery doctor [brand]`: conformance checks per brand.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check brands: brand list, complete theme, WCAG AA contrast, form definition, scenarios present.",
            discussion: "Exit status: 0 every check passed, 1 a check failed, 2 bad input.")

        @Argument(help: "One brand to check (default: every brand).")
        var brand: String?

        @Option(
            help:
                "Check the brand declared in this brand.json (its logo beside it) instead of the built-in one of its id, e.g. after an edit, before a build."
        )
        var brandFile: String?

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let terminal = output.terminal
            var composition = try Livery.composition()
            if let brandFile { composition = try ToolBrands.composition(composition, withBrandFile: brandFile) }
            let checkout = try? PackageCheckout.current()
            let ids =
                try brand.map { name throws(ToolError) in [try Livery.brand(name, in: composition).manifest.id] }
                ?? composition.registry.ids
            var rows: [[String]] = []
            var problems: [String] = []
            for id in ids {
                let checks = BrandDoctor.checks(try Livery.brand(id.rawValue, in: composition), checkout: checkout)
                rows.append([id.rawValue] + checks.map { $0.passed ? terminal.green("ok") : terminal.red("FAIL") })
                problems += checks.flatMap(\.described).map { "\(id): \($0)" }
            }
            if brand == nil, let checkout {
                problems += BrandDoctor.listProblems(
                    registered: composition.registry.ids.map(\.rawValue), checkout: checkout)
            }
            print(terminal.table(["brand"] + BrandDoctor.checkNames, rows))
            guard problems.isEmpty else {
                for problem in problems { terminal.error(terminal.red("✘ ") + problem) }
                throw ReportedFailure()
            }
        }
    }
}
