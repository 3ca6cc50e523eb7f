import AppBarFeature
import ArgumentParser
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryConsole
import LiveryPreview
import LiveryScenarios
import LiveryWorkshop

extension ServerTool {
    /// `livery preview [brand…]`: every brand's journey and app bar as a live web page.
    struct PreviewCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Serve a live web preview of brands' join journeys and app bars (loopback only).",
            discussion: """
                Open http://127.0.0.1:8090/ for the brands, /brand/<id> for one, /compare for all side by side. \
                The page sends what you do to the brand's engines over a WebSocket and draws the states they publish; \
                a side panel sets the session, flags and (embedded) faults, shows analytics, and records scenarios \
                into --scenarios/<brand>/. Only the preview's own pages (and --allow-origin ones) may use it: a request \
                from another site's page is refused 403. Connections are held to the sandbox's limits (--idle-timeout, \
                --head-timeout, --body-timeout, --max-connections). \
                Exit status: 0 stopped, 2 bad options, an unknown brand or a port in use.
                """)

        @Argument(help: "The brands to show (default: every brand).")
        var brands: [String] = []

        @Option(parsing: .unconditional, help: "The port to listen on, 0…65535 (0: any free port).")
        var port = 8090

        @Option(
            help:
                "Run the journeys against this server (e.g. the sandbox at http://127.0.0.1:8080) instead of embedded services."
        )
        var backend: String?

        @Option(
            help:
                "The folder holding one scenario folder per brand, where recordings are saved (default: this checkout's Tests/Scenarios)."
        )
        var scenarios: String?

        @Option(
            help:
                "The folder of brand folders whose <Name>/Plugin/brand.json the brand studio edits and saves (default: this checkout's Brands; without a checkout the studio is off)."
        )
        var brandFiles: String?

        @Option(
            help:
                "Also let pages of this origin (e.g. http://localhost:3000) drive the preview; only its own pages may otherwise. Repeatable."
        )
        var allowOrigin: [String] = []

        @OptionGroup var connections: ConnectionOptions

        @Option(help: "Instead of serving, draw this brand's page to a PNG with headless Chromium (see --step, --out).")
        var screenshot: String?

        @Option(
            help:
                "With --screenshot: the page after a scenario has run to the step starting on this line, e.g. Tests/Scenarios/neds/01-full-sign-up.yaml:30."
        )
        var step: String?

        @Option(help: "With --screenshot: the PNG to write.")
        var out: String?

        @Option(
            help:
                "With --screenshot: the window as <width>x<height> in CSS pixels, 240…3840 by 240…10000 (390x844 is a phone)."
        )
        var size: String = "1280x1300"

        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
            if screenshot != nil, out == nil { throw ValidationError("--screenshot needs --out <file.png>") }
            if screenshot == nil, step != nil || out != nil {
                throw ValidationError("--step and --out go with --screenshot <brand>")
            }
            if Self.windowSize(size) == nil {
                throw ValidationError(
                    "--size must be <width>x<height> within 240…3840 by 240…10000, not '\(size.prefix(40))'")
            }
            if let step, Self.fileAndLine(step) == nil {
                throw ValidationError("--step must be <scenario file>:<line>, not '\(step)'")
            }
            for origin in allowOrigin where PreviewConfiguration.origin(origin) == nil {
                throw ValidationError(
                    "--allow-origin must be an origin such as http://localhost:3000 (a scheme, a host and perhaps a port, "
                        + "no path), not '\(origin.prefix(200))'")
            }
            if let backend, BackendOptions.server(backend) == nil {
                throw ValidationError(
                    "--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(backend)'")
            }
        }

        func run() async throws {
            let terminal = output.terminal
            let composition = try ServerTool.composition()
            if let screenshot, let out {
                try await Self.picture(
                    of: screenshot, step: step, to: URL(fileURLWithPath: out),
                    size: Self.windowSize(size) ?? (1280, 1300),
                    composition: composition)
                print(terminal.green("✔ ") + "\(screenshot)\(step.map { " at \($0)" } ?? "") drawn to \(out)")
                return
            }
            for brand in brands { _ = try ServerTool.brand(brand, in: composition) }
            let folder = URL(fileURLWithPath: scenarios ?? ScenarioLibrary.scenariosDirectory())
            let brandFolder =
                brandFiles.map { URL(fileURLWithPath: $0) }
                ?? (try? PackageCheckout.current()).map { $0.root.appendingPathComponent("Brands") }
            if let brandFolder, !FileManager.default.fileExists(atPath: brandFolder.path) {
                throw ToolError("--brand-files: there is no folder \(brandFolder.path)")
            }
            let configuration = PreviewConfiguration(
                port: port, brands: brands, backend: backend.flatMap(BackendOptions.server),
                scenarioFolder: folder, connections: try connections.limits(),
                allowedOrigins: allowOrigin, brandFiles: brandFolder)
            do {
                try await Preview.run(composition: composition, configuration: configuration) { port in
                    print(
                        terminal.bold("preview")
                            + " serving on http://127.0.0.1:\(port)/ (Ctrl-C stops); recordings go to \(folder.path)"
                            + (brandFolder.map { "; the brand studio saves to \($0.path)" }
                                ?? "; the brand studio is off"))
                    fflush(nil)
                }
            } catch {
                throw ToolError("the preview could not serve on port \(port): \(error)")
            }
        }

        /// `file:line`, split.
        static func fileAndLine(_ text: String) -> (file: String, line: Int)? {
            guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line >= 1
            else { return nil }
            return (String(text[..<colon]), line)
        }

        /// `(width, height)` of a `--size` value such as `390x844`, or `nil` when it is not one within bounds.
        static func windowSize(_ text: String) -> (width: Int, height: Int)? {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ (1...5).contains($0.count) }),
                let width = Int(parts[0]), let height = Int(parts[1]),
                (240...3840).contains(width), (240...10_000).contains(height)
            else { return nil }
            return (width, height)
        }

        /// Draws `brand`, fresh or after a scenario's steps up to `step`, to `output` in a window of `size`.
        @MainActor
        static func picture(
            of brand: String, step: String?, to output: URL, size: (width: Int, height: Int) = (1280, 1300),
            composition: Composition
        ) async throws {
            let plugin = try ServerTool.brand(brand, in: composition)
            let id = plugin.manifest.id.rawValue
            let join: JoinState
            let appBar: AppBarState
            let world: EmbeddedWorld
            if let step, let (file, line) = fileAndLine(step) {
                let runner = ScenarioRunner(composition: composition)
                do {
                    let played = try await runner.play(runner.load(file, brand: id), through: line)
                    (join, appBar, world) = (played.join, played.appBar, played.world)
                } catch {
                    throw ToolError("\(error)")
                }
            } else {
                world = EmbeddedWorld()
                let runtime = try await composition.assemble(id, on: .embedded(world)).runtime
                join = try runtime.joinForm().state
                let bar = runtime.appBar()
                bar.send(.appeared)
                appBar = bar.state
            }
            do {
                try await PreviewScreenshot.take(
                    brand: id, join: join, appBar: appBar, world: world, composition: composition, output: output,
                    size: size)
            } catch {
                throw ToolError("\(error)")
            }
        }
    }
}
