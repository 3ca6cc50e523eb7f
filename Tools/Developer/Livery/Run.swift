import ArgumentParser
import LiveryConsole
import LiveryScenarios
import LiveryWorkshop

extension Livery {
    /// `livery run <brand> [files…]`: a brand's scenarios, headlessly, on the embedded backend.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a brand's scenario files headlessly and print a transcript.",
            discussion:
                "Without files, runs every scenario in Tests/Scenarios/<brand>/, side by side in --jobs processes (each transcript printed whole, in name order); --shard I/N runs a stable share, --junit PATH also writes JUnit XML. Exit status: 0 all passed, 1 a scenario failed, 2 bad input (including a sandbox that does not allow the worlds a scenario's `given:` needs, or a --junit path that cannot be written)."
        )

        @Argument(help: "The brand, e.g. neds (see `livery brands`).")
        var brand: String

        @Option(
            help:
                "Run on the brand declared in this brand.json (its logo beside it) instead of the built-in one of its id, e.g. after an edit, before a build."
        )
        var brandFile: String?

        @OptionGroup var options: ScenarioRunOptions

        @OptionGroup var output: OutputOptions

        @MainActor
        func run() async throws {
            var composition = try Livery.composition()
            var command = ["run", brand]
            if let brandFile {
                composition = try ToolBrands.composition(composition, withBrandFile: brandFile)
                command += ["--brand-file", brandFile]
            }
            try await options.run(brand, of: composition, terminal: output.terminal, command: command)
        }
    }
}
