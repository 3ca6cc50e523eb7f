import Foundation
import LiveryConsole

/// A command run to its end by a test, within a time limit (``ChildProcess``, the tools' own launcher).
typealias ToolRun = ChildProcess

extension ChildProcess {
    /// Runs `executable` with `arguments` (and `environment` on top of this
    /// process's) in `folder`; killed, and reported as status -1, after `limit`.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
        limit: Duration = .seconds(300)
    ) async throws -> ChildProcess {
        try await running([executable.path] + arguments, in: folder, environment: environment, limit: limit)
    }

    /// Whether `command` is on the `PATH`.
    static func exists(_ command: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(command)")
        }
    }
}
