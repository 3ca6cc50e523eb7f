import BrandDeclarations
import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The options of a scenario run, shared by `livery run` and every brand's
/// own executable: the files, JSON output, coverage, a server to run
/// against and where the scenario folders are.
public struct ScenarioRunOptions: ParsableArguments {
    /// Scenario files to run; empty means all of the brand's.
    @Argument(help: "Scenario files to run (default: all of the brand's).")
    public var files: [String] = []

    /// One JSON document instead of the transcript.
    @Flag(help: "Print one JSON document instead of the transcript.")
    public var json = false

    /// The folder holding one scenario folder per brand.
    @Option(help: "The folder holding one scenario folder per brand (default: this checkout's Tests/Scenarios).")
    public var scenarios: String?

    /// A server to run against instead of embedded services.
    @Option(help: "Run against this server (e.g. http://127.0.0.1:8080 from `livery sandbox --allow-seeding`) instead of embedded services.")
    public var backend: String?

    /// Whether to report journey coverage after the run.
    @Flag(help: "After the run, report journey coverage: which intents, routes, alerts, alert actions, field states, rule codes and analytics events the scenarios reached, and which not.")
    public var coverage = false

    /// No options given.
    public init() {}

    /// Refuses a `--backend` that is not an http(s) URL with a host.
    public func validate() throws {
        if let backend, Self.server(backend) == nil {
            throw ValidationError("--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(backend)'")
        }
    }

    /// The server at `text`, when it is an http(s) URL with a host.
    public static func server(_ text: String) -> HTTPServiceConfiguration? {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else { return nil }
        return HTTPServiceConfiguration(baseURL: url)
    }

    /// Runs `brand`'s scenarios of `composition` as these options say, and
    /// throws the exit status when it is not 0.
    @MainActor
    public func run(_ brand: String, of composition: Composition, terminal: Terminal) async throws {
        let status = await ScenarioCommand(composition: composition, brand: brand, files: files, json: json,
                                           colour: terminal.colour, scenariosDirectory: scenarios,
                                           backend: backend.flatMap(Self.server), coverage: coverage).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// A brand's own executable: registers exactly that brand and runs its
/// scenarios, with the same options and exit statuses as `livery run`.
public struct BrandRun<Brand: DeclaredBrand>: AsyncParsableCommand {
    /// The brand's command: its id, what it does and its exit statuses.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: String(describing: Brand.self).replacingOccurrences(of: "Brand", with: "").lowercased(),
            abstract: "Run this brand's scenario files headlessly and print a transcript.",
            discussion: "Exit status: 0 every scenario passed, 1 a scenario failed, 2 bad input or usage.")
    }

    /// What to run and how.
    @OptionGroup public var options: ScenarioRunOptions
    /// Colour.
    @OptionGroup public var output: OutputOptions

    /// Options as parsed.
    public init() {}

    /// Reads the brand, then runs its scenarios.
    @MainActor
    public mutating func run() async throws {
        let brand: BrandDefinition
        do {
            brand = try Brand.load()
        } catch {
            throw ToolError(error.description)
        }
        let composition: Composition
        do {
            composition = try Composition([brand])
        } catch {
            throw ToolError(error.description)
        }
        try await options.run(brand.manifest.id.rawValue, of: composition, terminal: output.terminal)
    }
}

/// The entry point of a brand's own executable.
public enum BrandApp {
    /// Runs `brand`'s command with the process's arguments; returns the exit status.
    public static func main<Brand: DeclaredBrand>(_ brand: Brand.Type) async -> Int32 {
        await ExitStatus.run(BrandRun<Brand>.self)
    }
}
