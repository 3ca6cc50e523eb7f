import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// `livery explore <brand>`: random journeys through a brand, each checked
/// by the invariants after every step, against itself with its waits cut at
/// other points and, given a server, against the same journey over the
/// wire. The first failure is shrunk to a short journey and handed back as
/// a scenario file that `livery run` fails on in the same way.
public struct ExploreCommand: Sendable {
    /// The registered brands.
    public let composition: Composition
    /// The brand, as a person typed it.
    public let brand: String
    /// How many journeys to draw, and the most moves each takes.
    public let journeys: Int
    public let maxSteps: Int
    /// The run's seed: the same seed draws the same journeys.
    public let seed: UInt64
    /// How many processes draw journeys side by side (see ``workerCommand``).
    public let jobs: Int
    /// When to stop drawing new journeys, if before they are all drawn.
    public let timeLimit: Duration?
    /// Where failing journeys are saved as scenario files; `nil` prints them.
    public let saveDirectory: String?
    /// A server the journeys also run against.
    public let backend: ScenarioBackend?
    /// Colour on, off, or decided by the terminal (`nil`).
    public let colour: Bool?
    /// How to start a worker: the tool's executable and the arguments that lead to this run.
    public let workerCommand: [String]?
    /// For a worker: which share of the journeys it draws (`k/n`: the k-th of every n, from 0).
    public let workerShare: (index: Int, count: Int)?
    /// The stable share of the journeys this runner of a fleet draws, if it draws a share.
    public let shard: Shard?
    /// Whether journeys also send intents no person could make, for the engine to ignore.
    public let reachesBeyond: Bool
    /// A change made to every runtime, for tests of the explorer itself.
    package var planted: RuntimeAlteration?
    /// A change made only to the runtimes that run against the server.
    package var plantedOnServer: RuntimeAlteration?

    /// A command; see the properties.
    public init(
        composition: Composition, brand: String, journeys: Int = 200, maxSteps: Int = 40, seed: UInt64,
        jobs: Int = 1, timeLimit: Duration? = nil, saveDirectory: String? = nil,
        backend: ScenarioBackend? = nil, colour: Bool? = nil, workerCommand: [String]? = nil,
        workerShare: (index: Int, count: Int)? = nil, shard: Shard? = nil, reachesBeyond: Bool = false
    ) {
        self.composition = composition
        self.brand = brand
        self.journeys = journeys
        self.maxSteps = maxSteps
        self.seed = seed
        self.jobs = max(1, jobs)
        self.timeLimit = timeLimit
        self.saveDirectory = saveDirectory
        self.backend = backend
        self.colour = colour
        self.workerCommand = workerCommand
        self.workerShare = workerShare
        self.shard = shard
        self.reachesBeyond = reachesBeyond
    }

    /// The seed of journey `index` of a run of `brand` with `seed`: brands that share a form still draw
    /// journeys of their own.
    static func journeySeed(_ seed: UInt64, _ index: Int, brand: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in brand.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var generator = SeededGenerator(seed: seed ^ hash ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return generator.next()
    }

    /// Explores; the exit status: 0 when every journey checked held, 1 when
    /// one failed (it is reported, shrunk, and saved or printed) or none was
    /// checked, 2 for bad input (an unknown brand, a folder that cannot be
    /// written, a server that cannot be reached or does not allow worlds),
    /// with nothing run.
    @MainActor
    public func run() async -> Int32 { await explore().status }

    /// Explores, and says what came of it.
    @MainActor
    func explore() async -> BrandExploration {
        let terminal = Terminal(colour: colour)
        func refused(_ problem: String) -> BrandExploration {
            ExitStatus.writeError("error: \(problem)")
            return BrandExploration(
                brand: brand, status: ExitStatus.badInput, journeys: 0, steps: 0, seconds: 0, found: nil,
                problems: [problem])
        }
        let explorer: Explorer
        do {
            explorer = try makeExplorer()
        } catch {
            return refused(error.message)
        }
        if let problem = await preflight(explorer) { return refused(problem) }
        if let workerShare {
            let status = await work(explorer, share: workerShare)
            return BrandExploration(
                brand: explorer.brand, status: status, journeys: 0, steps: 0, seconds: 0, found: nil, problems: [])
        }
        let started = ContinuousClock.now
        print(
            terminal.bold("Exploring \(explorer.brand)")
                + ": \(journeys) journeys of up to \(maxSteps) steps, seed \(seed)"
                + (shard.map {
                    ", shard \($0) (journeys \($0.index - 1), \($0.index - 1 + $0.count), \($0.index - 1 + 2 * $0.count), …)"
                } ?? "")
                + (backend.map { ", also against \($0.server.baseURL.absoluteString)" } ?? "")
                + (timeLimit.map { ", for at most \(DurationText.wholeMilliseconds($0) / 1000) s" } ?? "")
                + terminal.dim("  (the same journeys again: --seed \(seed))"))
        fflush(nil)
        var progress = ProgressLine(total: journeyCount, terminal: terminal)
        var outcome: Outcome
        if jobs > 1, let workerCommand {
            outcome = await runWorkers(workerCommand, progress: &progress)
        } else {
            outcome = await explore(explorer, share: (0, 1)) { progress.update(journeys: $0, steps: $1) }
        }
        progress.finish()
        let elapsed = ScenarioRunner.milliseconds(ContinuousClock.now - started) / 1000
        let rate = elapsed > 0 ? Double(outcome.journeys) / elapsed : 0
        let summary =
            "\(outcome.journeys) journeys, \(outcome.steps) steps in \(String(format: "%.1f", elapsed)) s (\(String(format: "%.1f", rate)) journeys/s)"
            + (outcome.journeys < journeyCount && outcome.found.isEmpty ? "; stopped at the time limit" : "")
        if outcome.journeys == 0, outcome.found.isEmpty, outcome.stopped.isEmpty {
            outcome.stopped.append("no journey was checked, so nothing vouches for \(explorer.brand)")
        }
        for problem in outcome.stopped { print(terminal.red("✗") + " " + problem) }
        func exploration(_ status: Int32) -> BrandExploration {
            BrandExploration(
                brand: explorer.brand, status: status, journeys: outcome.journeys, steps: outcome.steps,
                seconds: elapsed, found: outcome.found.first, problems: outcome.stopped)
        }
        guard !outcome.found.isEmpty || !outcome.stopped.isEmpty else {
            print(terminal.green("✓") + " " + summary + ": every invariant held, every way")
            return exploration(ExitStatus.success)
        }
        let saved = outcome.found.map { hand($0, brand: explorer.brand, terminal: terminal) }
        print(
            terminal.red("✗") + " " + summary
                + ": \(outcome.found.count) failing journey\(outcome.found.count == 1 ? "" : "s")")
        return exploration(saved.allSatisfy { $0 } ? ExitStatus.failure : ExitStatus.badInput)
    }

    /// How many journeys this run draws: all of them, or its shard's.
    var journeyCount: Int {
        guard let shard else { return journeys }
        return journeys > shard.index - 1 ? (journeys - shard.index) / shard.count + 1 : 0
    }

    /// The numbers of the journeys `share` of this run's draws, in order: every `share.count`-th of the
    /// shard's journeys (all journeys without a shard), from the `share.index`-th.
    func journeyNumbers(share: (index: Int, count: Int)) -> StrideTo<Int> {
        let (first, step) = shard.map { ($0.index - 1, $0.count) } ?? (0, 1)
        return stride(from: first + share.index * step, to: journeys, by: share.count * step)
    }

    /// Reports a failing journey and saves it as a scenario file under `--save`
    /// (or prints the file); `false` when the file could not be written.
    private func hand(_ found: FoundJourney, brand: String, terminal: Terminal) -> Bool {
        print(report(found, terminal: terminal))
        if let saveDirectory {
            let path = URL(fileURLWithPath: saveDirectory).appendingPathComponent(
                found.fileName(brand: brand)
            ).path
            if let problem = Self.write(found.file, to: path) {
                terminal.error("error: could not save \(path): \(problem)")
                return false
            }
            print(
                "  saved: \(path)   (livery run \(brand) \(path)\(found.againstServer ? " --backend …" : ""))"
            )
        } else {
            print(terminal.dim("  the journey as a scenario file (--save DIR writes it):"))
            print(
                found.file.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                    separator: "\n"))
        }
        return true
    }

    /// What went wrong, in the system's words when the error carries them.
    static func reason(of error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    /// Writes `text` to the file at `path`, replacing it; why not, in the system's words
    /// ("No space left on device"), when it cannot be written whole.
    static func write(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let problem = written < 0 ? String(cString: strerror(errno)) : "nothing more could be written"
                close(descriptor)
                return problem
            }
            bytes = bytes.dropFirst(written)
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    // MARK: Exploring

    /// What a run (or a worker's share of it) came to.
    struct Outcome {
        var journeys = 0
        var steps = 0
        var found: [FoundJourney] = []
        /// Workers that crashed or stopped answering: what broke `no-crash-or-hang`.
        var stopped: [String] = []
    }

    /// How long a worker may go without finishing a journey before it is taken to hang.
    var stallLimit = Duration.seconds(120)

    @MainActor
    private func makeExplorer() throws(ScenarioInputError) -> Explorer {
        var runner = ScenarioRunner(composition: composition)
        runner.planted = planted
        var server = backend.map { ScenarioRunner(composition: composition, backend: $0) }
        server?.planted = plantedOnServer ?? planted
        return try Explorer(
            brand: brand, runner: runner, backend: server, maxSteps: maxSteps, reachesBeyond: reachesBeyond)
    }

    /// Why the run cannot start, if it cannot: a save folder that cannot be written, or a server that
    /// cannot be reached or does not give journeys worlds of their own.
    private func preflight(_ explorer: Explorer) async -> String? {
        if let saveDirectory, workerShare == nil {
            do {
                try FileManager.default.createDirectory(atPath: saveDirectory, withIntermediateDirectories: true)
            } catch {
                return "--save: the folder \(saveDirectory) cannot be made: \(Self.reason(of: error))"
            }
            let probe = URL(fileURLWithPath: saveDirectory).appendingPathComponent(".livery-explore-\(getpid())").path
            if let problem = Self.write("", to: probe) {
                return "--save: the folder \(saveDirectory) cannot be written: \(problem)"
            }
            unlink(probe)
        }
        if let backend {
            let seeding = SandboxSeeding(backend: backend)
            do {
                await seeding.deleteWorld(try await seeding.createWorld(brand: explorer.brand, Given()))
            } catch {
                return "--backend \(backend.server.baseURL.absoluteString): \(error)"
            }
        }
        return nil
    }

    /// Draws and checks the journeys of `share`, in number order, until one fails, the journeys are all
    /// drawn or the time is up; a failure is shrunk and its file checked.
    @MainActor
    func explore(
        _ explorer: Explorer, share: (index: Int, count: Int), progress: (Int, Int) -> Void,
        failing: (Int) -> Void = { _ in }
    ) async -> Outcome {
        let deadline = timeLimit.map { ContinuousClock.now + $0 }
        var outcome = Outcome()
        for index in journeyNumbers(share: share) {
            // The first journey is drawn whatever the time: a run that checked nothing would vouch for nothing.
            if let deadline, outcome.journeys > 0, ContinuousClock.now >= deadline { break }
            let (failure, moves) = await explorer.check(seed: Self.journeySeed(seed, index, brand: explorer.brand))
            outcome.journeys += 1
            outcome.steps += moves
            // Said before the progress that counts the journey, so the coordinator never takes this worker to
            // be past it with nothing to tell.
            if failure != nil { failing(index) }
            progress(outcome.journeys, outcome.steps)
            guard let failure else { continue }
            let shrunk = await explorer.shrink(failure)
            var found = FoundJourney.writing(
                shrunk, drawnSteps: failure.moves.count, brand: explorer.brand, seed: seed, journey: index,
                probes: explorer.probes, reachesBeyond: reachesBeyond)
            found.reproduces = await reproduces(found, shrunk.way, explorer)
            outcome.found.append(found)
            break
        }
        return outcome
    }

    /// Whether `found`'s file, read as `livery run` reads it and run where it failed, fails the same way.
    @MainActor
    private func reproduces(_ found: FoundJourney, _ way: Explorer.Failure.Way, _ explorer: Explorer) async -> Bool {
        let runner = found.againstServer ? (explorer.backend ?? explorer.runner) : explorer.runner
        guard
            let scenario = try? ScenarioParser(
                context: ParseContext(file: found.fileName(brand: explorer.brand), vocabulary: explorer.vocabulary)
            ).parse(found.file, brand: explorer.brand)
        else { return false }
        guard let failure = await runner.run(scenario).failure else { return false }
        if way == .invariant { return failure.mismatches.contains { $0.check == found.key } }
        return failure.line == found.line
    }

    /// A failure as people read it: the journey, what broke where, expected against got.
    private func report(_ found: FoundJourney, terminal: Terminal) -> String {
        var lines = [
            terminal.red("✗") + " journey \(found.journey): "
                + terminal.bold(
                    found.way == Explorer.Failure.Way.invariant.rawValue ? found.key : "a difference \(found.way)")
                + " at step \(found.shrunkSteps) (line \(found.line) of the file; shrunk from \(found.drawnSteps) steps)",
            "  step: \(Terminal.printable(found.step))",
        ]
        for mismatch in found.mismatches.prefix(8) {
            lines.append(
                "  \(mismatch.check): expected \(Terminal.printable(mismatch.expected)), got \(Terminal.printable(mismatch.actual))"
            )
        }
        if found.mismatches.count > 8 { lines.append("  … and \(found.mismatches.count - 8) more") }
        if !found.reproduces {
            lines.append(
                terminal.yellow(
                    "  the saved file did not fail the same way when run again: the failure depends on more than its steps"
                ))
        }
        return lines.joined(separator: "\n")
    }
}
