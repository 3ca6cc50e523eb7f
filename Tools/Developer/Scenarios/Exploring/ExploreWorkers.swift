import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// The worker processes `--jobs` starts: each draws its share of the journeys and reports one JSON line
/// per journey; the command reads them, shows progress and hands failures on.
extension ExploreCommand {
    /// A worker's run: its share, reported one JSON line per journey and one for a failure.
    @MainActor
    func work(_ explorer: Explorer, share: (index: Int, count: Int)) async -> Int32 {
        let outcome = await explore(explorer, share: share) { journeys, steps in
            WorkerLine(journeys: journeys, steps: steps).write()
        } failing: { journey in
            WorkerLine(failing: journey).write()
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

    /// Runs `jobs` workers, each drawing every `jobs`-th journey. The failure reported is the
    /// lowest-numbered failing journey, whatever the timing: once one is found, each worker still on
    /// journeys before it goes on until it passes that number (or fails earlier), the others are stopped.
    @MainActor
    func runWorkers(_ command: [String], progress: inout ProgressLine) async -> Outcome {
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
        var shrinking: [Int: Int] = [:]
        var outcome = Outcome()
        for await (worker, line) in lines {
            if worker < 0 {
                for (index, process) in processes.enumerated()
                where !finished.contains(index) && ContinuousClock.now - heard[index] > stallLimit && process.isRunning
                {
                    let journey = nextJourney(ofWorker: index, done: perWorker[index]?.journeys ?? 0)
                    outcome.stopped.append(
                        "journey \(journey): \(Invariant.noCrashOrHang.rawValue): no journey finished in \(DurationText.wholeMilliseconds(stallLimit) / 1000) s; the worker was stopped (the same journeys: --seed \(seed))"
                    )
                    process.terminate()
                }
                continue
            }
            heard[worker] = ContinuousClock.now
            if let journeys = line.journeys, let steps = line.steps { perWorker[worker] = (journeys, steps) }
            if let journey = line.failing { shrinking[worker] = journey }
            if let found = line.found {
                shrinking[worker] = nil
                if found.journey < outcome.found.first?.journey ?? Int.max { outcome.found = [found] }
            }
            if let earliest = outcome.found.first?.journey {
                // A worker whose next journey comes after the earliest failure, and that is not shrinking an
                // earlier one, has nothing left to tell.
                for (index, process) in processes.enumerated() where process.isRunning {
                    if nextJourney(ofWorker: index, done: perWorker[index]?.journeys ?? 0) > earliest,
                        (shrinking[index] ?? Int.max) > earliest
                    {
                        process.terminate()
                    }
                }
            }
            if let signal = line.finished {
                finished.insert(worker)
                if signal != 0, outcome.found.isEmpty, outcome.stopped.isEmpty {
                    let journey = nextJourney(ofWorker: worker, done: perWorker[worker]?.journeys ?? 0)
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

    /// The number of the journey worker `worker` draws after its first `done`.
    private func nextJourney(ofWorker worker: Int, done: Int) -> Int {
        let (first, step) = shard.map { ($0.index - 1, $0.count) } ?? (0, 1)
        return first + (worker + done * jobs) * step
    }
}

/// One line a worker writes: progress, a failing journey, or (added by the reader) the worker's end.
struct WorkerLine: Codable, Sendable {
    var journeys: Int?
    var steps: Int?
    /// A journey that failed and is being shrunk: its report follows.
    var failing: Int?
    var found: FoundJourney?
    var finished: Int32?

    func write() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self))
        fflush(nil)
    }
}
