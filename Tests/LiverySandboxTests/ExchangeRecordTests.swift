import Foundation
import LiveryCore
import Logging
import Testing

@testable import LiverySandbox

/// The exchange record (`LIVERY_CONTRACT_EXCHANGES`): only a regular file,
/// refused at start otherwise; bounded; a write that fails stops the
/// recording and never the sandbox; and no password ever in it.
@Suite("the exchange record", .serialized)
struct ExchangeRecordTests {
    static let password = "Record-Secret-77!"

    private static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).jsonl").path
    }

    @Test("a device, a named pipe nobody reads or a folder is refused at start, naming it", .timeLimit(.minutes(5)))
    func notARegularFile() async throws {
        let pipe = Self.temporaryFile()
        #expect(mkfifo(pipe, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: pipe) }
        for (path, kind) in [
            ("/dev/full", "character device"), (pipe, "named pipe"),
            (FileManager.default.temporaryDirectory.path, "folder"), ("/nonexistent/record.jsonl", "cannot be opened"),
        ] {
            await #expect {
                _ = try await SandboxHarness.start { $0.exchangeRecord = path }
            } throws: { error in
                guard case .exchangeRecord(let named, let reason) = error as? SandboxSetupError else { return false }
                return named == path && reason.contains(kind)
            }
        }
        let run = try await ToolRun.run(
            try SandboxProcess.executable,
            ["sandbox", "--port", "0", "--database", SandboxHarness.temporaryDatabasePath(), "--no-colour"],
            environment: ["LIVERY_CONTRACT_EXCHANGES": "/dev/full"], limit: .seconds(60))
        #expect(run.status == 2, "\(run.errors)")
        #expect(run.errors.contains("/dev/full") && run.errors.contains("not a regular file"), "\(run.errors)")
        #expect(!run.output.contains("serving"))
    }

    @Test("past its bound the record stops, says so once, holds whole lines only, and the sandbox goes on serving")
    func bounded() async throws {
        let record = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: record) }
        let lines = LogLines()
        let sandbox = try await SandboxHarness.start(
            logger: Logger(label: "sandbox-test") { _ in CapturingLogHandler(lines: lines) }
        ) {
            $0.exchangeRecord = record
            $0.exchangeRecordLimit = 4096
        }
        for _ in 0..<60 {
            #expect(
                try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "someone"])
                    .status
                    == 200)
        }
        #expect(try await sandbox.get("/health").status == 200, "still serving")
        await sandbox.stop()
        let written = try Data(contentsOf: URL(fileURLWithPath: record))
        #expect(written.count <= 4096 && written.count > 2048, "\(written.count) bytes")
        try Self.expectWholeLines(written)
        let stopped = lines.all.filter { $0.contains("exchange record stopped") }
        #expect(stopped.count == 1, "\(stopped)")
        #expect(stopped.first?.contains("reached its bound") == true, "\(stopped)")
    }

    @Test(
        "a disk that fills stops the record with one line logged, keeps whole lines, and the sandbox goes on serving",
        .enabled(if: getuid() == 0, "needs root, to mount a 64 KiB tmpfs"))
    func fullDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = try await ToolRun.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path],
            limit: .seconds(30))
        try #require(mount.status == 0, "\(mount.errors)")
        defer {
            _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [folder.path]).waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
        let record = folder.appendingPathComponent("record.jsonl").path
        let lines = LogLines()
        let sandbox = try await SandboxHarness.start(
            logger: Logger(label: "sandbox-test") { _ in CapturingLogHandler(lines: lines) }
        ) { $0.exchangeRecord = record }
        for _ in 0..<80 {
            #expect(try await sandbox.get("/v2/registration/config", query: ["brand": "neds"]).status == 200)
        }
        #expect(try await sandbox.get("/health").status == 200, "still serving")
        await sandbox.stop()
        let stopped = lines.all.filter { $0.contains("exchange record stopped") }
        #expect(stopped.count == 1, "\(stopped)")
        #expect(stopped.first?.contains("a write failed") == true, "\(stopped)")
        try Self.expectWholeLines(try Data(contentsOf: URL(fileURLWithPath: record)))
    }

    @Test(
        "no password reaches the record: redacted in a registration, in any case, on any path; unreadable bodies by length"
    )
    func noPasswords() async throws {
        let record = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: record) }
        let sandbox = try await SandboxHarness.start { $0.exchangeRecord = record }
        let registration = Registrations.australian(["password": Self.password])
        let created = try await sandbox.createClient(fields: registration)
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        var cased = Registrations.australian(["username": "cased_user", "email": "cased@example.com"])
        cased["Password"] = Self.password
        _ = try await sandbox.createClient(fields: cased)
        let bodies: [(String, String)] = [
            ("/v2/client", #"{"brand":"neds","fields":{"password":"\#(Self.password)""#),
            ("/v2/client", #"{"brand":"neds","fields":{"password":5},"note":"\#(Self.password)"}"#),
            ("/v2/client", "password=\(Self.password)"),
            ("/v2/clients", #"{"brand":"neds","fields":{"password":"\#(Self.password)"}}"#),
            ("/address/find", #"{"payload":[{"secretPassword":"\#(Self.password)"}]}"#),
        ]
        for (path, body) in bodies {
            let answer = try await sandbox.send(
                "POST", path, body: Data(body.utf8), headers: ["Idempotency-Key": UUID().uuidString])
            #expect((400..<500).contains(answer.status), "\(path) \(body): \(answer.status)")
        }
        await sandbox.stop()
        let written = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!written.contains(Self.password), "a password reached the record")
        let exchanges = written.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Exchange.self, from: Data($0.utf8))
        }
        #expect(exchanges.count == 7)
        let withheld = exchanges.compactMap(\.requestBodyBytes)
        #expect(withheld.count == 3, "the truncated, the odd and the form-encoded registrations by length only")
        #expect(written.contains(#"\"password\":\"redacted\""#), "a registration keeps its shape")
    }

    /// Every line of `data` is one whole exchange: a JSON object that reads as the sandbox's `Exchange`.
    private static func expectWholeLines(_ data: Data) throws {
        #expect(data.last == 0x0A, "the record ends with a whole line")
        for line in data.split(separator: 0x0A) {
            #expect((try? JSONDecoder().decode(Exchange.self, from: Data(line))) != nil, "a cut line")
        }
    }
}
