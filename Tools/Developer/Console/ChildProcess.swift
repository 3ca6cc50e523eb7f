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
    /// The signal that ended the command, when one did (other than the kill
    /// at the time limit): the program crashed rather than failed.
    public let signal: Int32?
    /// What it printed on standard output, when captured.
    public let output: String
    /// What it printed on standard error, when captured.
    public let errors: String

    /// Whether it ended by itself with status 0.
    public var succeeded: Bool { !timedOut && status == 0 }

    /// Runs `command` (an executable's path, or a name looked up on `PATH`,
    /// then its arguments) in `folder`, with `environment` on top of this
    /// process's (a `nil` value removes a variable), standard input empty.
    ///
    /// When the command dies of a signal it runs again, saying so on standard
    /// error, up to `attempts` runs in all: for a tool that now and then
    /// crashes by itself, as SwiftPM does on Linux deep in libdispatch's event
    /// loop (a fault of the toolchain that says nothing of the package). A
    /// failure the command reports, a crashed test among them, ends it at once.
    /// - Throws: ``ToolError`` when the command cannot start.
    public static func run(
        _ command: [String], in folder: URL? = nil, environment: [String: String?] = [:],
        output: Stream = .captured, errors: Stream = .captured, limit: Duration = .seconds(600), attempts: Int = 1
    ) throws(ToolError) -> ChildProcess {
        var result = try once(
            command, in: folder, environment: environment, output: output, errors: errors, limit: limit)
        var attempt = 1
        while let signal = result.signal, attempt < attempts {
            attempt += 1
            let name = command.prefix(2).joined(separator: " ")
            FileHandle.standardError.write(
                Data(
                    ("warning: '\(name)' crashed (signal \(signal)), a fault of the tool rather than a failure it "
                        + "reported: running it again (attempt \(attempt) of \(attempts))\n").utf8))
            result = try once(
                command, in: folder, environment: environment, output: output, errors: errors, limit: limit)
        }
        return result
    }

    private static func once(
        _ command: [String], in folder: URL?, environment: [String: String?], output: Stream, errors: Stream,
        limit: Duration
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
        let signalled = process.terminationReason == .uncaughtSignal && !killed
        return ChildProcess(
            status: killed ? -1 : process.terminationStatus, timedOut: killed,
            signal: signalled ? process.terminationStatus : nil, output: text(outFile), errors: text(errFile))
    }

    /// ``run(_:in:environment:output:errors:limit:attempts:)`` on a thread of
    /// its own, so a caller's executor is never blocked while the command runs.
    public static func running(
        _ command: [String], in folder: URL? = nil, environment: [String: String?] = [:],
        output: Stream = .captured, errors: Stream = .captured, limit: Duration = .seconds(600), attempts: Int = 1
    ) async throws(ToolError) -> ChildProcess {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Self, ToolError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(
                    returning: Result { () throws(ToolError) -> Self in
                        try run(
                            command, in: folder, environment: environment, output: output, errors: errors,
                            limit: limit, attempts: attempts)
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
