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
    /// For a worker: which share of the journeys it draws (`k/n`: those whose number is k modulo n).
    public let workerShare: (index: Int, count: Int)?
    /// A defect planted in every runtime, for tests of the explorer itself.
    var planted: PlantedDefect?
    /// A defect planted only in the runtimes that run against the server.
    var plantedOnServer: PlantedDefect?

    /// A command; see the properties.
    public init(
        composition: Composition, brand: String, journeys: Int = 200, maxSteps: Int = 40, seed: UInt64,
        jobs: Int = 1, timeLimit: Duration? = nil, saveDirectory: String? = nil,
        backend: ScenarioBackend? = nil, colour: Bool? = nil, workerCommand: [String]? = nil,
        workerShare: (index: Int, count: Int)? = nil
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
    }

    /// The seed of journey `index` of a run of `brand` with `seed`: brands that share a form still draw
    /// journeys of their own.
    static func journeySeed(_ seed: UInt64, _ index: Int, brand: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in brand.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var generator = SeededGenerator(seed: seed ^ hash ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return generator.next()
    }

    /// Explores; the exit status: 0 when no journey failed, 1 when one did
    /// (it is reported, shrunk, and saved or printed), 2 for bad input (an
    /// unknown brand, a folder that cannot be written, a server that cannot
    /// be reached or does not allow worlds), with nothing run.
    @MainActor
    public func run() async -> Int32 {
        let terminal = Terminal(colour: colour)
        let explorer: Explorer
        do {
            explorer = try makeExplorer()
        } catch {
            ExitStatus.writeError("error: \(error.message)")
            return ExitStatus.badInput
        }
        if let problem = await preflight(explorer) {
            ExitStatus.writeError("error: \(problem)")
            return ExitStatus.badInput
        }
        if let workerShare { return await work(explorer, share: workerShare) }
        let started = ContinuousClock.now
        print(
            terminal.bold("Exploring \(explorer.brand)")
                + ": \(journeys) journeys of up to \(maxSteps) steps, seed \(seed)"
                + (backend.map { ", also against \($0.server.baseURL.absoluteString)" } ?? "")
                + (timeLimit.map { ", for at most \(DurationText.wholeMilliseconds($0) / 1000) s" } ?? "")
                + terminal.dim("  (the same journeys again: --seed \(seed))"))
        fflush(nil)
        var progress = ProgressLine(total: journeys, terminal: terminal)
        let outcome: Outcome
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
            + (outcome.journeys < journeys && outcome.found.isEmpty ? "; stopped at the time limit" : "")
        for problem in outcome.stopped { print(terminal.red("✗") + " " + problem) }
        guard !outcome.found.isEmpty || !outcome.stopped.isEmpty else {
            print(terminal.green("✓") + " " + summary + ": every invariant held, every way")
            return ExitStatus.success
        }
        let saved = outcome.found.map { hand($0, brand: explorer.brand, terminal: terminal) }
        print(
            terminal.red("✗") + " " + summary
                + ": \(outcome.found.count) failing journey\(outcome.found.count == 1 ? "" : "s")")
        return saved.allSatisfy { $0 } ? ExitStatus.failure : ExitStatus.badInput
    }

    /// Reports a failing journey and saves it as a scenario file under `--save`
    /// (or prints the file); `false` when the file could not be written.
    private func hand(_ found: FoundJourney, brand: String, terminal: Terminal) -> Bool {
        print(report(found, terminal: terminal))
        if let saveDirectory {
            let path = URL(fileURLWithPath: saveDirectory).appendingPathComponent(
                found.fileName(brand: brand)
            ).path
            do {
                try Data(found.file.utf8).write(to: URL(fileURLWithPath: path))
                print(
                    "  saved: \(path)   (livery run \(brand) \(path)\(found.way == Explorer.Failure.Way.backend.rawValue ? " --backend …" : ""))"
                )
            } catch {
                terminal.error("error: could not save \(path): \(error.localizedDescription)")
                return false
            }
        } else {
            print(terminal.dim("  the journey as a scenario file (--save DIR writes it):"))
            print(
                found.file.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                    separator: "\n"))
        }
        return true
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
        return try Explorer(brand: brand, runner: runner, backend: server, maxSteps: maxSteps)
    }

    /// Why the run cannot start, if it cannot: a save folder that cannot be written, or a server that
    /// cannot be reached or does not give journeys worlds of their own.
    private func preflight(_ explorer: Explorer) async -> String? {
        if let saveDirectory, workerShare == nil {
            do {
                try FileManager.default.createDirectory(atPath: saveDirectory, withIntermediateDirectories: true)
                let probe = URL(fileURLWithPath: saveDirectory).appendingPathComponent(".livery-explore-\(getpid())")
                try Data().write(to: probe)
                try FileManager.default.removeItem(at: probe)
            } catch {
                return "--save: the folder \(saveDirectory) cannot be written: \(error.localizedDescription)"
            }
        }
        if let backend {
            let seeding = SandboxSeeding(backend: backend)
            do {
                await seeding.deleteWorld(try await seeding.createWorld(brand: explorer.brand, Given()))
            } catch {
                return "--backend: \(error)"
            }
        }
        return nil
    }

    /// Draws and checks the journeys of `share`, in number order, until one fails, the journeys are all
    /// drawn or the time is up; a failure is shrunk and its file checked.
    @MainActor
    private func explore(
        _ explorer: Explorer, share: (index: Int, count: Int), progress: (Int, Int) -> Void
    ) async -> Outcome {
        let deadline = timeLimit.map { ContinuousClock.now + $0 }
        var outcome = Outcome()
        for index in stride(from: share.index, to: journeys, by: share.count) {
            if let deadline, ContinuousClock.now >= deadline { break }
            let (failure, moves) = await explorer.check(seed: Self.journeySeed(seed, index, brand: explorer.brand))
            outcome.journeys += 1
            outcome.steps += moves
            progress(outcome.journeys, outcome.steps)
            guard let failure else { continue }
            let shrunk = await explorer.shrink(failure)
            var found = FoundJourney.writing(
                shrunk, drawnSteps: failure.moves.count, brand: explorer.brand, seed: seed, journey: index,
                probes: explorer.probes)
            found.reproduces = await reproduces(found, shrunk.way, explorer)
            outcome.found.append(found)
            break
        }
        return outcome
    }

    /// Whether `found`'s file, read as `livery run` reads it and run where it failed, fails the same way.
    @MainActor
    private func reproduces(_ found: FoundJourney, _ way: Explorer.Failure.Way, _ explorer: Explorer) async -> Bool {
        let runner = way == .backend ? (explorer.backend ?? explorer.runner) : explorer.runner
        guard
            let scenario = try? ScenarioParser(
                context: ParseContext(file: found.fileName(brand: explorer.brand), vocabulary: explorer.vocabulary)
            ).parse(found.file, brand: explorer.brand)
        else { return false }
        guard let failure = await runner.run(scenario).failure else { return false }
        if way == .invariant { return failure.mismatches.contains { $0.check == found.key } }
        return failure.line == found.line
    }

    /// A worker's run: its share, reported one JSON line per journey and one for a failure.
    @MainActor
    private func work(_ explorer: Explorer, share: (index: Int, count: Int)) async -> Int32 {
        let outcome = await explore(explorer, share: share) { journeys, steps in
            WorkerLine(journeys: journeys, steps: steps).write()
        }
        for found in outcome.found { WorkerLine(found: found).write() }
        return outcome.found.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// Starts `jobs` workers, each told its share, their lines and ends told to
    /// `sink` by worker; `nil` (and none left running) when one cannot start.
    private func startWorkers(
        _ command: [String], telling sink: AsyncStream<(Int, WorkerLine)>.Continuation
    ) -> [Process]? {
        var processes: [Process] = []
        for share in 0..<jobs {
            let worker = processes.count
            do {
                processes.append(
                    try WorkerProcess.start(command + ["--worker-share", "\(share)/\(jobs)"]) { line in
                        if let parsed = try? JSONDecoder().decode(WorkerLine.self, from: Data(line.utf8)) {
                            sink.yield((worker, parsed))
                        }
                    } ended: { process in
                        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : 0
                        sink.yield((worker, WorkerLine(finished: signal)))
                    })
            } catch {
                ExitStatus.writeError("error: \(error)")
                for process in processes { process.terminate() }
                return nil
            }
        }
        return processes
    }

    /// Runs `jobs` workers, each drawing every `jobs`-th journey; stops them all at the first failure.
    @MainActor
    private func runWorkers(_ command: [String], progress: inout ProgressLine) async -> Outcome {
        let (lines, sink) = AsyncStream<(Int, WorkerLine)>.makeStream()
        guard let processes = startWorkers(command, telling: sink) else {
            return Outcome(stopped: ["no journey was drawn: the workers could not all start"])
        }
        let ticks = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                sink.yield((-1, WorkerLine()))
            }
        }
        defer { ticks.cancel() }
        var perWorker: [Int: (journeys: Int, steps: Int)] = [:]
        var heard = Array(repeating: ContinuousClock.now, count: jobs)
        var finished: Set<Int> = []
        var outcome = Outcome()
        for await (worker, line) in lines {
            if worker < 0 {
                for (index, process) in processes.enumerated()
                where !finished.contains(index) && ContinuousClock.now - heard[index] > stallLimit && process.isRunning
                {
                    let journey = index + (perWorker[index]?.journeys ?? 0) * jobs
                    outcome.stopped.append(
                        "journey \(journey): \(Invariant.noCrashOrHang.rawValue): no journey finished in \(DurationText.wholeMilliseconds(stallLimit) / 1000) s; the worker was stopped (the same journeys: --seed \(seed))"
                    )
                    process.terminate()
                }
                continue
            }
            heard[worker] = ContinuousClock.now
            if let journeys = line.journeys, let steps = line.steps { perWorker[worker] = (journeys, steps) }
            if let found = line.found {
                outcome.found.append(found)
                for process in processes where process.isRunning { process.terminate() }
            }
            if let signal = line.finished {
                finished.insert(worker)
                if signal != 0, outcome.found.isEmpty, outcome.stopped.isEmpty {
                    let journey = worker + (perWorker[worker]?.journeys ?? 0) * jobs
                    outcome.stopped.append(
                        "journey \(journey): \(Invariant.noCrashOrHang.rawValue): the worker stopped with signal \(signal) (the same journeys: --seed \(seed))"
                    )
                    for process in processes where process.isRunning { process.terminate() }
                }
                if finished.count == processes.count { sink.finish() }
            }
            outcome.journeys = perWorker.values.reduce(0) { $0 + $1.journeys }
            outcome.steps = perWorker.values.reduce(0) { $0 + $1.steps }
            progress.update(journeys: outcome.journeys, steps: outcome.steps)
        }
        return outcome
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

/// One line a worker writes: progress, a failing journey, or (added by the reader) the worker's end.
struct WorkerLine: Codable, Sendable {
    var journeys: Int?
    var steps: Int?
    var found: FoundJourney?
    var finished: Int32?

    func write() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self))
        fflush(nil)
    }
}

/// The progress of a long run: on a terminal one line rewritten in place at most a few times a second,
/// otherwise a line at each tenth of the journeys.
struct ProgressLine {
    let total: Int
    let terminal: Terminal
    private let interactive = isatty(STDERR_FILENO) == 1
    private var shownTenth = 0
    private var lastDrawn = ContinuousClock.now
    private let started = ContinuousClock.now

    init(total: Int, terminal: Terminal) {
        self.total = total
        self.terminal = terminal
    }

    mutating func update(journeys: Int, steps: Int) {
        let seconds = ScenarioRunner.milliseconds(ContinuousClock.now - started) / 1000
        let rate = seconds > 0 ? Double(journeys) / seconds : 0
        let text = "\(journeys)/\(total) journeys · \(steps) steps · \(String(format: "%.0f", rate)) journeys/s"
        if interactive {
            guard ContinuousClock.now - lastDrawn > .milliseconds(200) || journeys == total else { return }
            lastDrawn = ContinuousClock.now
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + terminal.dim(text)).utf8))
        } else {
            let tenth = journeys * 10 / max(1, total)
            guard tenth > shownTenth else { return }
            shownTenth = tenth
            print(terminal.dim("  " + text))
            fflush(nil)
        }
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
