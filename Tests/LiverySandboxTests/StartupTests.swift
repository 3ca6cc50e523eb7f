import Foundation
import LiverySandbox
import Testing

@Suite("start-up")
struct StartupTests {
    @Test("a port in use is a clear start-up error, not a hang")
    func portInUse() async throws {
        let first = try await SandboxHarness.start()
        let path = SandboxHarness.temporaryDatabasePath()
        let configuration = SandboxConfiguration(port: first.port, databasePath: path, passwordCost: .testing)
        await #expect {
            _ = try await Sandbox.start(brands: SandboxHarness.brands, configuration: configuration)
        } throws: { error in
            guard case SandboxSetupError.server = error else { return false }
            return true
        }
        await first.stop()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @Test("a database in a folder that does not exist is an error naming the path")
    func badDatabasePath() async throws {
        let configuration = SandboxConfiguration(port: 0, databasePath: "/nonexistent-folder/sandbox.sqlite")
        await #expect {
            _ = try await Sandbox.start(brands: SandboxHarness.brands, configuration: configuration)
        } throws: { error in
            "\(error)".contains("/nonexistent-folder/sandbox.sqlite")
        }
    }
}
