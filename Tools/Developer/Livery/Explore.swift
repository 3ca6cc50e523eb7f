import ArgumentParser
import Foundation
import LiveryConsole
import LiveryCore
import LiveryScenarios

extension Livery {
    /// `livery explore <brand>`: random journeys checked by invariants and against each other.
    struct Explore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a brand's journeys at random; hand back any failure as a scenario file.",
            discussion:
                "Draws journeys a person could take (only the steps the screen shown allows), checks the invariants after every step, runs each journey again with its waits cut at other points (and against --backend when given) and compares what each step shows. The first failing journey is shrunk and saved (--save DIR) or printed as a scenario file that `livery run` fails on in the same way. The same --seed draws the same journeys. Exit status: 0 no journey failed, 1 one did, 2 bad input (an unknown brand, a bad number, a folder that cannot be written, a server that cannot be reached or does not allow seeding); nothing is run on bad input."
        )

        @Argument(help: "The brand, e.g. neds (see `livery brands`).")
        var brand: String

        @OptionGroup var options: ExploreOptions

        @OptionGroup var output: OutputOptions

        @MainActor
        func run() async throws {
            try await options.run(
                brand, of: try Livery.composition(), terminal: output.terminal, command: ["explore", brand])
        }
    }
}
