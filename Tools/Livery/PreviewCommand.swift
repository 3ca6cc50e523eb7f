import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryPreview
import LiveryScenarios

extension Livery {
    /// `livery preview [brand…]`: every brand's journey and app bar as a live web page.
    struct PreviewCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Serve a live web preview of brands' join journeys and app bars (loopback only).",
            discussion: """
            Open http://127.0.0.1:8090/ for the brands, /brand/<id> for one, /compare for all side by side. \
            The page sends what you do to the brand's engines over a WebSocket and draws the states they publish; \
            a side panel sets the session, flags and (embedded) faults, shows analytics, and records scenarios \
            into --scenarios/<brand>/. Exit status: 0 stopped, 2 bad options, an unknown brand or a port in use.
            """)

        @Argument(help: "The brands to show (default: every brand).")
        var brands: [String] = []

        @Option(parsing: .unconditional, help: "The port to listen on, 0…65535 (0: any free port).")
        var port = 8090

        @Option(help: "Run the journeys against this server (e.g. the sandbox at http://127.0.0.1:8080) instead of embedded services.")
        var backend: String?

        @Option(help: "The folder holding one scenario folder per brand, where recordings are saved (default: this checkout's Tests/Scenarios).")
        var scenarios: String?

        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
            if let backend, ScenarioRunOptions.server(backend) == nil {
                throw ValidationError("--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(backend)'")
            }
        }

        func run() async throws {
            let terminal = output.terminal
            let composition = try Livery.composition()
            for brand in brands { _ = try Livery.brand(brand, in: composition) }
            let folder = URL(fileURLWithPath: scenarios ?? ScenarioLibrary.scenariosDirectory())
            let configuration = PreviewConfiguration(port: port, brands: brands, backend: backend.flatMap(ScenarioRunOptions.server),
                                                     scenarioFolder: folder)
            do {
                try await Preview.run(composition: composition, configuration: configuration) { port in
                    print(terminal.bold("preview") + " serving on http://127.0.0.1:\(port)/ (Ctrl-C stops); recordings go to \(folder.path)")
                    fflush(nil)
                }
            } catch {
                throw ToolError("the preview could not serve on port \(port): \(error)")
            }
        }
    }
}
