import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The options of `livery explore`, checked before anything runs.
public struct ExploreOptions: ParsableArguments {
    /// How many journeys to draw.
    @Option(help: "How many journeys to draw, 1…10000000.")
    public var journeys = 200

    /// The most steps one journey takes.
    @Option(help: "The most steps one journey takes, 1…2000.")
    public var maxSteps = 40

    /// The seed as typed; a fresh one when not given.
    @Option(help: "The seed, a whole number (default: a fresh one, printed); the same seed draws the same journeys.")
    public var seed: String?

    /// How many processes draw journeys side by side.
    @Option(help: "Draw journeys in this many processes side by side, 1…64 (the number of cores unless told).")
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// When to stop drawing new journeys, as typed.
    @Option(help: "Stop drawing new journeys after this long, e.g. 60s or 5m (at most 24h).")
    public var timeLimit: String?

    /// The folder failing journeys are saved in.
    @Option(help: "Save each failing journey as a scenario file in this folder (made if missing).")
    public var save: String?

    /// A sandbox every journey also runs against (started with
    /// `--allow-seeding`), compared step by step with the embedded run.
    @OptionGroup public var server: BackendOptions

    /// Set on the processes a run starts for --jobs: the share of the journeys a worker draws.
    @Option(help: .private)
    public var workerShare: String?

    /// No options given.
    public init() {}

    /// Refuses a number out of its range, a seed that is not a whole number, a time limit or a backend
    /// that does not read: usage errors, exit status 2, nothing run.
    public func validate() throws {
        guard (1...10_000_000).contains(journeys) else {
            throw ValidationError("--journeys must be 1…10000000, not \(journeys)")
        }
        guard (1...2_000).contains(maxSteps) else {
            throw ValidationError("--max-steps must be 1…2000, not \(maxSteps)")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1…64, not \(jobs)") }
        if let seed, Self.seed(seed) == nil {
            throw ValidationError(
                "--seed must be a whole number from 0 to \(UInt64.max), not '\(Terminal.printable(String(seed.prefix(40))))'"
            )
        }
        if let timeLimit, DurationText.parse(timeLimit, maximum: .seconds(86_400)) == nil {
            throw ValidationError(
                "--time-limit must be a duration such as 60s or 5m, up to 24h, not '\(Terminal.printable(String(timeLimit.prefix(40))))'"
            )
        }
        if let workerShare, Self.share(workerShare) == nil { throw ValidationError("--worker-share must be k/n") }
    }

    static func seed(_ text: String) -> UInt64? {
        guard (1...20).contains(text.count), text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return UInt64(text)
    }

    static func share(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, (1...64).contains(parts[1]), (0..<parts[1]).contains(parts[0]) else { return nil }
        return (parts[0], parts[1])
    }

    /// Explores `brand` of `composition` as these options say (`command` leads this executable to the
    /// run, for the workers of `jobs`; `authority` makes the transport `--ca-certificate` asks for), and
    /// throws the exit status when it is not 0.
    @MainActor
    public func run(
        _ brand: String, of composition: Composition, terminal: Terminal, command: [String],
        authority: AuthorityTransport? = nil
    ) async throws {
        let backend = try server.scenarioBackend(authority: authority)
        let seed = seed.flatMap(Self.seed) ?? UInt64.random(in: 0...UInt64.max)
        let timeLimit = timeLimit.flatMap { DurationText.parse($0, maximum: .seconds(86_400)) }
        // Workers are processes of this tool; a test process (an .xctest bundle) draws every journey itself.
        let executable = Bundle.main.executablePath.flatMap { $0.hasSuffix(".xctest") ? nil : $0 }
        var workerArguments =
            command + [
                "--journeys", "\(journeys)", "--max-steps", "\(maxSteps)", "--seed", "\(seed)", "--no-colour",
            ]
        if let timeLimit { workerArguments += ["--time-limit", "\(DurationText.wholeMilliseconds(timeLimit))ms"] }
        workerArguments += server.forWorkers
        let status = await ExploreCommand(
            composition: composition, brand: brand, journeys: journeys, maxSteps: maxSteps, seed: seed,
            jobs: min(jobs, journeys), timeLimit: timeLimit, saveDirectory: save,
            backend: backend, colour: terminal.colour,
            workerCommand: executable.map { [$0] + workerArguments }, workerShare: workerShare.flatMap(Self.share)
        ).run()
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
