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
    @OptionGroup public var server: BackendOptions

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
            "Run a stable share of the files, I of N (e.g. 2/4): each file falls to one shard by its name, so N shards run every file once.",
        transform: Shard.init(parsing:))
    public var shard: Shard?

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

    /// Refuses `--jobs` outside 1…64 (a `--shard` that is not I/N with 1 ≤ I ≤ N is refused as it is parsed).
    public func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1…64, not \(jobs)") }
    }

    /// The options a worker of this run gets: where the files and the server are, and no colour.
    var forWorkers: [String] {
        server.forWorkers + (scenarios.map { ["--scenarios", $0] } ?? []) + ["--no-colour"]
    }

    /// Runs `brand`'s scenarios of `composition` as these options say, and
    /// throws the exit status when it is not 0. `command` is this process's
    /// executable's arguments that lead to the run (`["run", "neds"]` for
    /// `livery`, none for a brand's executable), for the workers of ``jobs``;
    /// `authority` makes the transport `--ca-certificate` asks for, where the tool links TLS.
    @MainActor
    public func run(
        _ brand: String, of composition: Composition, terminal: Terminal, command: [String] = [],
        authority: AuthorityTransport? = nil
    ) async throws {
        let backend = try server.scenarioBackend(authority: authority)
        let status = await scenarioCommand(
            brand, of: composition, terminal: terminal, backend: backend, command: command, junit: junit
        ).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// Runs every brand of `composition` in turn, each as ``run(_:of:terminal:command:authority:)``
    /// would with no files (`command` leads this executable to a run, before the brand); with
    /// `--junit`, one report with a suite per brand. Throws the worst exit status (2 over 1) when it is not 0.
    @MainActor
    public func runEveryBrand(
        of composition: Composition, terminal: Terminal, command: [String] = [], authority: AuthorityTransport? = nil
    ) async throws {
        let backend = try server.scenarioBackend(authority: authority)
        if let junit, let problem = JUnitReport.problem(with: junit) {
            ExitStatus.writeError("error: \(problem)")
            throw ExitCode(2)
        }
        var status = ExitStatus.success
        var suites: [JUnitReport.Suite] = []
        // A brand that could not be loaded is named, and the others still run.
        for (id, reason) in composition.unavailable.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            ExitStatus.writeError("error: \(CompositionError.unavailable(id, reason))")
            status = max(status, ExitStatus.badInput)
        }
        for brand in composition.registry.ids.map(\.rawValue) {
            let (brandStatus, suite) = await scenarioCommand(
                brand, of: composition, terminal: terminal, backend: backend, command: command + [brand], junit: nil
            ).runSuite()
            status = max(status, brandStatus)
            if let suite { suites.append(suite) }
        }
        let tests = suites.reduce(0) { $0 + $1.results.count }
        let failed = suites.reduce(0) { $0 + $1.failures }
        print(
            "\nevery brand: "
                + Transcript(colour: terminal.colour).summary(
                    passed: tests - failed, failed: failed,
                    milliseconds: suites.reduce(0) { $0 + $1.elapsedMilliseconds }
                ).trimmingCharacters(in: .newlines))
        if let junit {
            do {
                let name = "livery run --every-brand" + (shard.map { " --shard \($0)" } ?? "")
                try JUnitReport(name: name, suites: suites).write(to: junit)
            } catch {
                ExitStatus.writeError("error: \(error)")
                throw ExitCode(2)
            }
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// The run of `brand` these options ask for.
    private func scenarioCommand(
        _ brand: String, of composition: Composition, terminal: Terminal, backend: ScenarioBackend?,
        command: [String], junit: String?
    ) -> ScenarioCommand {
        // Workers are processes of this tool; a test process (an .xctest bundle) runs every file itself.
        let executable = Bundle.main.executablePath.flatMap { $0.hasSuffix(".xctest") ? nil : $0 }
        return ScenarioCommand(
            composition: composition, brand: brand, files: files, json: json,
            colour: terminal.colour, scenariosDirectory: scenarios,
            backend: backend, coverage: coverage, jobs: jobs,
            shard: shard, junit: junit,
            workerCommand: executable.map { [$0] + command + forWorkers }, isWorker: worker)
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
public enum ScenarioExecutable {
    /// Runs `brand`'s command with the process's arguments; returns the exit status.
    public static func main<Brand: DeclaredBrand>(_ brand: Brand.Type) async -> Int32 {
        await ExitStatus.run(BrandRun<Brand>.self)
    }
}
