import ArgumentParser
import Foundation
import LiveryCore
import LiveryScenarios

extension Livery {
    /// `livery run <brand> [files…]`: a brand's scenarios, headlessly, on the embedded backend.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a brand's scenario files headlessly and print a transcript.",
            discussion: "Without files, runs every scenario in Tests/Scenarios/<brand>/. Exit status: 0 all passed, 1 a scenario failed, 2 bad input (including a sandbox that does not allow the seeding a scenario's `given:` needs).")

        @Argument(help: "The brand, e.g. neds (see `livery brands`).")
        var brand: String

        @Argument(help: "Scenario files to run (default: all of the brand's).")
        var files: [String] = []

        @Flag(help: "Print one JSON document instead of the transcript.")
        var json = false

        @Flag(inversion: .prefixedNo, help: "Colour the transcript (default: when writing to a terminal).")
        var colour: Bool?

        @Option(help: "The folder holding one scenario folder per brand (default: this checkout's Tests/Scenarios).")
        var scenarios: String?

        @Option(help: "Run against this server (e.g. http://127.0.0.1:8080 from `livery sandbox --allow-seeding`) instead of embedded services.")
        var backend: String?

        @Flag(help: "After the run, report journey coverage: which intents, routes, alerts, alert actions, field states, rule codes and analytics events the scenarios reached, and which not.")
        var coverage = false

        func validate() throws {
            if let backend, Self.server(backend) == nil {
                throw ValidationError("--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(backend)'")
            }
        }

        /// The server at `text`, when it is an http(s) URL with a host.
        static func server(_ text: String) -> HTTPServiceConfiguration? {
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else { return nil }
            return HTTPServiceConfiguration(baseURL: url)
        }

        func run() async throws {
            let composition = try Livery.composition()
            let server = backend.flatMap(Self.server)
            let status = await ScenarioCommand(composition: composition, brand: brand, files: files, json: json,
                                               colour: colour, scenariosDirectory: scenarios, backend: server,
                                               coverage: coverage).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
