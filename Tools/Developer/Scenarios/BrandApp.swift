import ArgumentParser
import BrandDeclarations
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
    @Option(
        help:
            "Run against this server (e.g. http://127.0.0.1:8080 from `livery sandbox --allow-seeding`) instead of embedded services."
    )
    public var backend: String?

    /// Whether to report journey coverage after the run.
    @Flag(
        help:
            "After the run, report journey coverage: which intents, routes, alerts, alert actions, field states, rule codes and analytics events the scenarios reached, and which not."
    )
    public var coverage = false

    /// How many files run side by side.
    @Option(
        help:
            "Run this many files side by side, each in a process of its own, 1…64 (default: the number of cores); each file's transcript is printed whole, in name order."
    )
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// The share of the files to run.
    @Option(
        help:
            "Run a stable share of the files, I of N (e.g. 2/4): each file falls to one shard by its name, so N shards run every file once."
    )
    public var shard: String?

    /// Where to write a JUnit XML report.
    @Option(
        help:
            "Also write a JUnit XML report to this file: one test case per scenario file, failures with file:line and expected/got."
    )
    public var junit: String?

    /// Set on the processes a run starts for ``jobs``.
    @Flag(help: .private)
    public var worker = false

    /// No options given.
    public init() {}

    /// Refuses a `--backend` that is not an http(s) URL with a host, `--jobs`
    /// outside 1…64 and a `--shard` that is not I/N with 1 ≤ I ≤ N.
    public func validate() throws {
        if let backend, Self.server(backend) == nil {
            throw ValidationError("--backend must be an http(s) URL such as http://127.0.0.1:8080, not '\(backend)'")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1…64, not \(jobs)") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N ≤ 1000, such as 2/4, not '\(shard.prefix(40))'")
        }
    }

    /// The options a worker of this run gets: where the files and the server are, and no colour.
    var forWorkers: [String] {
        (backend.map { ["--backend", $0] } ?? []) + (scenarios.map { ["--scenarios", $0] } ?? []) + ["--no-colour"]
    }

    /// The server at `text`, when it is an http(s) URL with a host.
    public static func server(_ text: String) -> HTTPServiceConfiguration? {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            return nil
        }
        return HTTPServiceConfiguration(baseURL: url)
    }

    /// Runs `brand`'s scenarios of `composition` as these options say, and
    /// throws the exit status when it is not 0. `command` is this process's
    /// executable's arguments that lead to the run (`["run", "neds"]` for
    /// `livery`, none for a brand's executable), for the workers of ``jobs``.
    @MainActor
    public func run(_ brand: String, of composition: Composition, terminal: Terminal, command: [String] = [])
        async throws
    {
        // Workers are processes of this tool; a test process (an .xctest bundle) runs every file itself.
        let executable = Bundle.main.executablePath.flatMap { $0.hasSuffix(".xctest") ? nil : $0 }
        let status = await ScenarioCommand(
            composition: composition, brand: brand, files: files, json: json,
            colour: terminal.colour, scenariosDirectory: scenarios,
            backend: backend.flatMap(Self.server), coverage: coverage, jobs: jobs,
            shard: shard.flatMap(Shard.init), junit: junit,
            workerCommand: executable.map { [$0] + command + forWorkers }, isWorker: worker
        ).run()
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
