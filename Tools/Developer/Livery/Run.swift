import ArgumentParser
import LiveryConsole
import LiveryScenarios

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

        @OptionGroup var options: ScenarioRunOptions

        @OptionGroup var output: OutputOptions

        @MainActor
        func run() async throws {
            try await options.run(brand, of: Livery.composition(), terminal: output.terminal, command: ["run", brand])
        }
    }
}
