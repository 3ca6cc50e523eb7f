import Dispatch
import Foundation

/// A command run to its end within a time limit: how it ended and what it
/// printed. Captured output goes to temporary files, so a chatty command
/// never blocks on a full pipe; a command still running at the limit is
/// killed. The one way the tools and their tests start a program that ends.
public struct ChildProcess: Sendable {
    /// Where one of the command's output streams goes.
    public enum Stream: Sendable {
        /// Kept, and handed back as text.
        case captured
        /// This process's own stream: the person sees it as it comes.
        case inherited
        /// Thrown away.
        case discarded
    }

    /// The exit status; -1 when the command was killed at the time limit.
    public let status: Int32
    /// Whether the command was still running at the time limit (and was killed).
    public let timedOut: Bool
    /// What it printed on standard output, when captured.
    public let output: String
    /// What it printed on standard error, when captured.
    public let errors: String

    /// Whether it ended by itself with status 0.
    public var succeeded: Bool { !timedOut && status == 0 }

    /// Runs `command` (an executable's path, or a name looked up on `PATH`,
    /// then its arguments) in `folder`, with `environment` on top of this
    /// process's (a `nil` value removes a variable), standard input empty.
    /// - Throws: ``ToolError`` when the command cannot start.
    public static func run(
        _ command: [String], in folder: URL? = nil, environment: [String: String?] = [:],
        output: Stream = .captured, errors: Stream = .captured, limit: Duration = .seconds(600)
    ) throws(ToolError) -> ChildProcess {
        guard let name = command.first else { throw ToolError("no command to run") }
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let process = Process()
        if name.contains("/") {
            process.executableURL = URL(fileURLWithPath: name)
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let folder { process.currentDirectoryURL = folder }
        process.standardInput = FileHandle.nullDevice
        let outFile: URL?
        let errFile: URL?
        do {
            try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
            (process.standardOutput, outFile) = try Self.destination(
                output, logs.appendingPathComponent("out"), inherited: .standardOutput)
            (process.standardError, errFile) = try Self.destination(
                errors, logs.appendingPathComponent("err"), inherited: .standardError)
            try process.run()
        } catch {
            throw ToolError("could not start \(name): \(error.localizedDescription)")
        }
        let started = ContinuousClock.now
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(limit), execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        if outFile != nil { try? (process.standardOutput as? FileHandle)?.close() }
        if errFile != nil { try? (process.standardError as? FileHandle)?.close() }
        let killed =
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
            && ContinuousClock.now - started >= limit
        func text(_ file: URL?) -> String {
            file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        }
        return ChildProcess(
            status: killed ? -1 : process.terminationStatus, timedOut: killed, output: text(outFile),
            errors: text(errFile))
    }

    /// ``run(_:in:environment:output:errors:limit:)`` on a thread of its own,
    /// so a caller's executor is never blocked while the command runs.
    public static func running(
        _ command: [String], in folder: URL? = nil, environment: [String: String?] = [:],
        output: Stream = .captured, errors: Stream = .captured, limit: Duration = .seconds(600)
    ) async throws(ToolError) -> ChildProcess {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Self, ToolError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(
                    returning: Result { () throws(ToolError) -> Self in
                        try run(
                            command, in: folder, environment: environment, output: output, errors: errors,
                            limit: limit)
                    })
            }
        }
        return try result.get()
    }

    private static func destination(_ stream: Stream, _ file: URL, inherited: FileHandle) throws -> (Any, URL?) {
        switch stream {
        case .inherited: return (inherited, nil)
        case .discarded: return (FileHandle.nullDevice, nil)
        case .captured:
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            return (try FileHandle(forWritingTo: file), file)
        }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        .milliseconds(Int(min(duration / .milliseconds(1), Double(Int32.max))))
    }
}
