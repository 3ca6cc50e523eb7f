import Foundation
import LiveryCore
import LiverySandbox
import Logging
import Testing

@Suite("request log")
struct RequestLogTests {
    @Test("one line per request with method, route, status and duration; no username, name, email or password")
    func logsNoPersonalData() async throws {
        let lines = LogLines()
        let logger = Logger(label: "sandbox-test") { _ in CapturingLogHandler(lines: lines) }
        let sandbox = try await SandboxHarness.start(logger: logger)
        _ = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "secret_user"])
        _ = try await sandbox.createClient(fields: Registrations.australian(["username": "secret_user"]))
        _ = try await sandbox.createClient(fields: Registrations.australian(["email": "bad"]))
        await sandbox.stop()

        let requests = lines.all.filter { $0.hasPrefix("request ") }
        #expect(requests.count == 3)
        #expect(requests.first?.contains("method=GET") == true)
        #expect(requests.first?.contains("route=/v2/client/check-username") == true)
        #expect(requests.first?.contains("status=200") == true)
        #expect(requests.allSatisfy { $0.contains("duration_ms=") })
        #expect(requests.last?.contains("status=422") == true)
        let everything = lines.all.joined(separator: "\n")
        for secret in ["secret_user", "Analytical1!", "ada@example.com", "Lovelace", "0412"] {
            #expect(!everything.contains(secret), "\(secret) was logged")
        }
    }
}

/// Log lines as `message key=value …` (keys sorted).
final class LogLines: Sendable {
    private let lines = Locked<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        lines.append(
            ([event.message.description] + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(
                separator: " "))
    }
}
