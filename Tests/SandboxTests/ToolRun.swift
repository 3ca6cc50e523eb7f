import Foundation

/// A command run to its end by a test, within a time limit: its exit status
/// and what it wrote (kept in files, so a chatty command never blocks on a full pipe).
struct ToolRun: Sendable {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `executable` with `arguments` (and `environment` on top of this
    /// process's) in `folder`; killed, and reported as status -1, after `limit`.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
        limit: Duration = .seconds(300)
    ) async throws -> ToolRun {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("tool-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let outURL = logs.appendingPathComponent("out")
        let errURL = logs.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let finished = !process.isRunning
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try out.close()
        try err.close()
        return ToolRun(
            status: finished ? process.terminationStatus : -1,
            output: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// Whether `command` is on the `PATH`.
    static func exists(_ command: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(command)")
        }
    }
}
