import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryTesting

/// Runs `path` with `arguments` and waits; the interposer is not passed on.
func runProcess(_ path: String, _ arguments: [String]) throws -> Int32 {
    try ChildProcess.run(
        [path] + arguments, environment: ["LD_PRELOAD": nil], output: .discarded, errors: .discarded
    ).status
}

/// Starts `path` with `arguments`, its output discarded; the interposer is not passed on.
func startProcess(_ path: String, _ arguments: [String], output: Any = FileHandle.nullDevice) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = nil
    process.environment = environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// A sandbox in a process of its own on a free loopback port, over a fresh
/// temporary database, allowing the worlds scenario runs make.
final class SandboxProcess: @unchecked Sendable {
    // @unchecked: every property is a constant; `Process` (not `Sendable` on Linux) is only told to stop.
    let process: Process
    let url: String
    private let database: String

    private init(process: Process, url: String, database: String) {
        self.process = process
        self.url = url
        self.database = database
    }

    /// Starts `server` (`livery-server`) and waits, at most 30 s, for the line naming its port.
    static func start(_ server: String) throws -> SandboxProcess {
        let database = NSTemporaryDirectory() + "livery-bench-\(UUID().uuidString).sqlite"
        let pipe = Pipe()
        let process = try startProcess(
            server, ["sandbox", "--port", "0", "--database", database, "--allow-seeding", "--no-colour"],
            output: pipe)
        var text = ""
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, process.isRunning {
            let data = pipe.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: "http://127.0.0.1:"),
                let end = text[range.upperBound...].firstIndex(where: { !$0.isNumber })
            {
                return SandboxProcess(
                    process: process, url: "http://127.0.0.1:" + text[range.upperBound..<end], database: database)
            }
        }
        process.terminate()
        throw SandboxFailure(description: "the sandbox did not start: \(text)")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    struct SandboxFailure: Error, CustomStringConvertible {
        let description: String
    }
}
