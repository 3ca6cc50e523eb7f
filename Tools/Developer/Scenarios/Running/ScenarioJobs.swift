import ArgumentParser
import Foundation
import LiveryConsole
import LiveryCore

/// A stable share of a brand's scenario files: `--shard 2/4` runs the files
/// whose name falls to shard 2 of 4. Each file falls to one shard by its
/// name alone, so adding a file never moves the others, and the N shards
/// together run every file exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which shard, from 1.
    public let index: Int
    /// How many shards.
    public let count: Int

    /// Reads `I/N` with 1 ≤ I ≤ N ≤ 1000.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let index = Int(parts[0]), let count = Int(parts[1]), (1...1000).contains(count),
            (1...count).contains(index)
        else {
            return nil
        }
        self.index = index
        self.count = count
    }

    /// Whether the file at `path` is in this shard (by its file name).
    public func contains(_ path: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in URL(fileURLWithPath: path).lastPathComponent.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1 == index
    }

    public var description: String { "\(index)/\(count)" }

    /// Reads `--shard`, or says what it must be.
    public init(parsing text: String) throws {
        guard let shard = Shard(text) else {
            throw ValidationError(
                "--shard must be I/N with 1 ≤ I ≤ N ≤ 1000, such as 3/10, not '\(Terminal.printable(String(text.prefix(40))))'"
            )
        }
        self = shard
    }
}

/// The share of a run's journeys one worker process draws: worker `index` (from 0) of `count`, 1…64.
public struct WorkerShare: Hashable, Sendable, CustomStringConvertible {
    /// Which worker, from 0.
    public let index: Int
    /// How many workers.
    public let count: Int

    /// Reads `k/n` with 0 ≤ k < n ≤ 64, or says what it must be.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isNumber) }),
            let index = Int(parts[0]), let count = Int(parts[1]), (1...64).contains(count), (0..<count).contains(index)
        else { throw ValidationError("--worker-share must be k/n with 0 ≤ k < n ≤ 64") }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }
}

/// One scenario's result as a worker reports it: its place in the run, the
/// result, and what it reached (for coverage). One JSON object per line.
struct WorkerReport: Codable, Sendable {
    let index: Int
    let result: ScenarioResult
    let reach: [CoverageCategory: [String]]

    init(index: Int, result: ScenarioResult) {
        self.index = index
        self.result = result
        reach = result.reach.items.mapValues { $0.sorted() }
    }

    /// The result, with what it reached.
    var fullResult: ScenarioResult {
        var reached = Reach()
        for (category, items) in reach { for item in items { reached.insert(item, in: category) } }
        return ScenarioResult(
            name: result.name, file: result.file, steps: result.steps, failure: result.failure,
            elapsedMilliseconds: result.elapsedMilliseconds, reach: reached)
    }

    /// The same report at `index` of the whole run.
    func placed(at index: Int) -> WorkerReport {
        WorkerReport(index: index, result: result, reach: reach)
    }

    private init(index: Int, result: ScenarioResult, reach: [CoverageCategory: [String]]) {
        self.index = index
        self.result = result
        self.reach = reach
    }

    /// The report as one line of JSON.
    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// Runs files side by side: each worker runs its share of the files, one
/// after another, and reports each result as it finishes (``WorkerReport``
/// lines). Workers are processes of the running tool (``ProcessWorkers``),
/// each with its own main actor, so embedded runs use every core.
protocol ScenarioWorkers: Sendable {
    /// Runs the files at `indices` of `paths` in one worker; its reports, in
    /// the order they finish. The stream ends with an error naming what went
    /// wrong when the worker cannot run or stops before reporting every file.
    func run(_ indices: [Int], of paths: [String]) -> AsyncThrowingStream<WorkerReport, any Error>
}

/// Workers as processes of the tool itself: `command` (the executable and
/// the arguments that reach the run, e.g. `livery run neds --backend …`)
/// with `--worker` and the worker's files appended; it prints one
/// ``WorkerReport`` line per file, numbered by its place in that list.
struct ProcessWorkers: ScenarioWorkers {
    /// The executable and its leading arguments.
    let command: [String]

    /// Why a worker could not finish.
    struct Stopped: Error, CustomStringConvertible {
        let description: String
    }

    func run(_ indices: [Int], of paths: [String]) -> AsyncThrowingStream<WorkerReport, any Error> {
        AsyncThrowingStream(WorkerReport.self, bufferingPolicy: .unbounded) { continuation in
            // The worker reports its own files by their place in its list; the run knows them by theirs.
            let process: Process
            do {
                process = try WorkerProcess.start(command + ["--worker"] + indices.map { paths[$0] }) { line in
                    guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)),
                        indices.indices.contains(report.index)
                    else { return }
                    continuation.yield(report.placed(at: indices[report.index]))
                } ended: { process in
                    if process.terminationReason == .uncaughtSignal {
                        continuation.finish(
                            throwing: Stopped(description: "a worker stopped with signal \(process.terminationStatus)"))
                    } else {
                        continuation.finish()
                    }
                }
            } catch {
                continuation.finish(throwing: Stopped(description: "\(error)"))
                return
            }
            continuation.onTermination = { _ in if process.isRunning { process.terminate() } }
        }
    }
}

/// A worker process of the running tool whose standard output is read line by line as it arrives (its
/// standard error is the tool's own).
enum WorkerProcess {
    /// Why a worker could not start.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `command` (the executable and its arguments); hands each line it prints to `line`, then the
    /// finished process to `ended`, both on a thread of their own.
    static func start(
        _ command: [String], line: @escaping @Sendable (String) -> Void,
        ended: @escaping @Sendable (Process) -> Void
    ) throws(StartFailure) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "a worker could not start (\(command[0])): \(error.localizedDescription)")
        }
        Thread.detachNewThread {
            let lines = LineBuffer()
            let reader = output.fileHandleForReading
            while case let data = reader.availableData, !data.isEmpty {
                for text in lines.append(data) { line(text) }
            }
            process.waitUntilExit()
            ended(process)
        }
        return process
    }
}

/// Bytes from a pipe, handed back as whole lines.
private final class LineBuffer: Sendable {
    private let pending = Locked(Data())

    func append(_ data: Data) -> [String] {
        pending.withLock { pending in
            pending.append(data)
            var lines: [String] = []
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...end)
            }
            return lines
        }
    }
}
