import Foundation
import Testing

@testable import LiverySandbox

/// Every file a server or run is given is read as a regular file, bounded:
/// a named pipe nobody writes to (or a device) is refused at once, naming
/// it, with exit status 2, never waited on.
@Suite("files given to the tools", .serialized)
struct GivenFileTests {
    @Test(
        "a named pipe as a certificate, key, authority or database is refused at once, naming it",
        .timeLimit(.minutes(5)))
    func namedPipes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe.pem").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: TLSSetupError.self) { _ = try SandboxTLS(certificatePath: pipe, keyPath: pipe).configuration() }
        #expect { _ = try TrustingTransport(trusting: pipe) } throws: { "\($0)".contains("named pipe") }
        await #expect {
            _ = try await SandboxHarness.start(databasePath: pipe)
        } throws: { error in
            guard case .database(let path, let reason) = error as? SandboxSetupError else { return false }
            return path == pipe && reason.contains("named pipe")
        }
        let database = folder.appendingPathComponent("sandbox.sqlite").path
        let server = try SandboxProcess.executable
        for arguments in [
            ["sandbox", "--port", "0", "--database", database, "--tls-certificate", pipe, "--tls-key", pipe],
            ["sandbox", "--port", "0", "--database", pipe],
            ["run", "neds", "--backend", "https://127.0.0.1:9", "--ca-certificate", pipe],
            ["explore", "neds", "--backend", "https://127.0.0.1:9", "--ca-certificate", pipe],
        ] {
            let run = try await ToolRun.run(server, arguments + ["--no-colour"], in: folder, limit: .seconds(60))
            #expect(run.status == 2, "\(arguments): \(run.errors)")
            #expect(run.errors.contains(pipe) && run.errors.contains("named pipe"), "\(arguments): \(run.errors)")
        }
    }
}
