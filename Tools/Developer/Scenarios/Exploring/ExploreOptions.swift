import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The options of `livery explore`, checked before anything runs. Numbers
/// and durations take the next argument whatever it looks like, so
/// `--seed -1` is a seed that does not read, not an unknown option.
public struct ExploreOptions: ParsableArguments {
    /// How many journeys to draw (of each brand).
    @Option(parsing: .unconditional, help: "How many journeys to draw (of each brand), 1…10000000.")
    public var journeys = 200

    /// The most steps one journey takes.
    @Option(parsing: .unconditional, help: "The most steps one journey takes, 1…2000.")
    public var maxSteps = 40

    /// The seed; a fresh one when not given.
    @Option(
        parsing: .unconditional,
        help: "The seed, a whole number (default: a fresh one, printed); the same seed draws the same journeys.",
        transform: ExploreOptions.seed(parsing:))
    public var seed: UInt64?

    /// How many processes draw journeys side by side.
    @Option(
        parsing: .unconditional,
        help: "Draw journeys in this many processes side by side, 1…64 (the number of cores unless told).")
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// When to stop drawing new journeys.
    @Option(
        parsing: .unconditional,
        help: "Stop drawing new journeys after this long (of each brand), e.g. 60s or 5m (more than 0, at most 24h).",
        transform: ExploreOptions.timeLimit(parsing:))
    public var timeLimit: Duration?

    /// The folder failing journeys are saved in.
    @Option(help: "Save each failing journey as a scenario file in this folder (made if missing).")
    public var save: String?

    /// A stable share of the journeys, for a fleet of runners.
    @Option(
        parsing: .unconditional,
        help:
            "Draw a stable share of the journeys, I of N (e.g. 3/10): journey n falls to shard n mod N + 1, so N runners with one --seed draw every journey once.",
        transform: Shard.init(parsing:))
    public var shard: Shard?

    /// Whether journeys also send intents no person could make.
    @Flag(
        help:
            "Also send intents no person could make (typing while the form loads or under an alert, into disabled, hidden or other pages' inputs) and check the engine ignores them."
    )
    public var beyondReach = false

    /// Where to write a JUnit report.
    @Option(help: "Also write a JUnit XML report here: a suite per brand, a test per brand explored.")
    public var junit: String?

    /// A sandbox every journey also runs against (started with
    /// `--allow-seeding`), compared step by step with the embedded run.
    @OptionGroup public var server: BackendOptions

    /// Set on the processes a run starts for --jobs: the share of the journeys a worker draws.
    @Option(help: .private, transform: WorkerShare.init(parsing:))
    public var workerShare: WorkerShare?

    /// No options given.
    public init() {}

    /// The longest time limit: a day.
    static let maximumTimeLimit = Duration.seconds(86_400)

    /// Refuses a number out of its range, a backend that does not read, a shard without a seed: usage
    /// errors, exit status 2, nothing run (a seed, time limit, shard or worker share that does not read is
    /// refused as it is parsed).
    public func validate() throws {
        guard (1...10_000_000).contains(journeys) else {
            throw ValidationError("--journeys must be 1…10000000, not \(journeys)")
        }
        guard (1...2_000).contains(maxSteps) else {
            throw ValidationError("--max-steps must be 1…2000, not \(maxSteps)")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1…64, not \(jobs)") }
        if shard != nil, seed == nil {
            throw ValidationError("--shard needs --seed: every runner of a fleet must draw from the same journeys")
        }
        if let junit, let problem = JUnitReport.problem(with: junit) { throw ValidationError(problem) }
    }

    /// Reads `--seed`: a whole number from 0 to `UInt64.max`, digits only.
    static func seed(parsing text: String) throws -> UInt64 {
        guard (1...20).contains(text.count), text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
            let seed = UInt64(text)
        else {
            throw ValidationError(
                "--seed must be a whole number from 0 to \(UInt64.max), not '\(Terminal.printable(String(text.prefix(40))))'"
            )
        }
        return seed
    }

    /// Reads `--time-limit`: a duration such as `60s` or `5m`, more than 0 and at most a day.
    static func timeLimit(parsing text: String) throws -> Duration {
        guard let limit = DurationText.parse(text, maximum: maximumTimeLimit), limit > .zero else {
            throw ValidationError(
                "--time-limit must be a duration such as 60s or 5m, more than 0 and up to 24h, not '\(Terminal.printable(String(text.prefix(40))))'"
            )
        }
        return limit
    }

    /// Explores `brand` of `composition` as these options say (`command` leads this executable to the
    /// run, for the workers of `jobs`; `authority` makes the transport `--ca-certificate` asks for), and
    /// throws the exit status when it is not 0.
    @MainActor
    public func run(
        _ brand: String, of composition: Composition, terminal: Terminal, command: [String],
        authority: AuthorityTransport? = nil
    ) async throws {
        try await run([brand], of: composition, terminal: terminal, command: command, authority: authority)
    }

    /// Explores every brand of `composition` in turn, each as ``run(_:of:terminal:command:authority:)``
    /// would (`command` leads this executable to a run, before the brand); with `--junit`, one report with
    /// a suite per brand. Throws the worst exit status (2 over 1) when it is not 0.
    @MainActor
    public func runEveryBrand(
        of composition: Composition, terminal: Terminal, command: [String], authority: AuthorityTransport? = nil
    ) async throws {
        try await run(
            composition.registry.ids.map(\.rawValue), of: composition, terminal: terminal, command: command,
            authority: authority, appendingBrand: true)
    }

    @MainActor
    private func run(
        _ brands: [String], of composition: Composition, terminal: Terminal, command: [String],
        authority: AuthorityTransport?, appendingBrand: Bool = false
    ) async throws {
        let backend = try server.scenarioBackend(authority: authority)
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        // Workers are processes of this tool; a test process (an .xctest bundle) draws every journey itself.
        let executable = Bundle.main.executablePath.flatMap { $0.hasSuffix(".xctest") ? nil : $0 }
        var status = ExitStatus.success
        var explored: [BrandExploration] = []
        if appendingBrand {
            // A brand that could not be loaded is named, and the others are still explored.
            for (id, reason) in composition.unavailable.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let problem = "\(CompositionError.unavailable(id, reason))"
                ExitStatus.writeError("error: \(problem)")
                status = ExitStatus.badInput
                explored.append(
                    BrandExploration(
                        brand: id.rawValue, status: ExitStatus.badInput, journeys: 0, steps: 0, seconds: 0, found: nil,
                        problems: [problem]))
            }
        }
        for brand in brands {
            var workerArguments =
                command + (appendingBrand ? [brand] : []) + [
                    "--journeys", "\(journeys)", "--max-steps", "\(maxSteps)", "--seed", "\(seed)", "--no-colour",
                ]
            if let timeLimit {
                workerArguments += ["--time-limit", "\(DurationText.wholeMilliseconds(timeLimit))ms"]
            }
            if let shard { workerArguments += ["--shard", "\(shard)"] }
            if beyondReach { workerArguments.append("--beyond-reach") }
            workerArguments += server.forWorkers
            let exploration = await ExploreCommand(
                composition: composition, brand: brand, journeys: journeys, maxSteps: maxSteps, seed: seed,
                jobs: min(jobs, journeys), timeLimit: timeLimit, saveDirectory: save,
                backend: backend, colour: terminal.colour,
                workerCommand: executable.map { [$0] + workerArguments },
                workerShare: workerShare.map { ($0.index, $0.count) }, shard: shard,
                reachesBeyond: beyondReach
            ).explore()
            status = max(status, exploration.status)
            explored.append(exploration)
        }
        if let junit, workerShare == nil {
            let name =
                "livery explore" + (brands.count > 1 ? " --every-brand" : "") + (shard.map { " --shard \($0)" } ?? "")
            do {
                try JUnitReport.write(BrandExploration.junit(explored, name: name, seed: seed), to: junit)
            } catch {
                ExitStatus.writeError("error: \(error)")
                throw ExitCode(ExitStatus.badInput)
            }
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
