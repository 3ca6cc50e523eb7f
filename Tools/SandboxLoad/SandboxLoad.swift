import Foundation
import LiveryCore
import LiverySandbox
import Logging
import Synchronization
import LiveryTesting

/// `swift run -c release SandboxLoad [--registrations N] [--concurrency N] [--seconds N]`
///
/// Starts the sandbox in this process on a loopback port over a temporary
/// SQLite file (standard scrypt cost), then measures `check-username` latency
/// three ways in one run: idle; while `concurrency` registrations are in
/// flight with hashing on its own threads (the sandbox as shipped); and the
/// same load with hashing on the request threads (the old design, as the
/// baseline). Prints percentiles and registrations per second.
///
/// The load comes from plain threads with blocking keep-alive sockets, so the
/// client never competes for the server's task threads. Every loop is bounded
/// by a count and a deadline.
@main
struct SandboxLoad {
    static func main() async throws {
        let options = try Options(CommandLine.arguments.dropFirst())
        print("sandbox load: \(options.registrations) registrations, \(options.concurrency) in flight, "
              + "≤ \(options.seconds) s per phase, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var rows: [(String, Phase.Result)] = []
        rows.append(("idle (no registrations)", try await Phase.run(hashingThreads: SandboxConfiguration.defaultHashingThreads,
                                                                      registrations: 0, options: options)))
        rows.append(("under load, hashing on its own threads", try await Phase.run(
            hashingThreads: SandboxConfiguration.defaultHashingThreads, registrations: options.registrations, options: options)))
        rows.append(("under load, hashing on the request threads (baseline)", try await Phase.run(
            hashingThreads: 0, registrations: options.registrations, options: options)))
        print("")
        print("| phase | check-username p50 / p90 / p99 / max | checks | registrations created / s |")
        print("| --- | --- | --- | --- |")
        for (name, result) in rows { print("| \(name) | \(result.checkSummary) | \(result.checks.count) | \(result.registrationSummary) |") }
    }
}

/// Command-line options, each bounded.
struct Options {
    var registrations = 200
    var concurrency = 50
    var seconds = 60

    init(_ arguments: ArraySlice<String>) throws {
        var remaining = arguments
        while let flag = remaining.popFirst() {
            guard let text = remaining.popFirst(), let value = Int(text) else { throw LoadError("\(flag) needs a whole number") }
            switch flag {
            case "--registrations": registrations = try Self.bounded(value, 1...10_000, flag)
            case "--concurrency": concurrency = try Self.bounded(value, 1...500, flag)
            case "--seconds": seconds = try Self.bounded(value, 1...600, flag)
            default: throw LoadError("unknown option \(flag) (--registrations, --concurrency, --seconds)")
            }
        }
    }

    private static func bounded(_ value: Int, _ range: ClosedRange<Int>, _ flag: String) throws -> Int {
        guard range.contains(value) else { throw LoadError("\(flag) must be in \(range.lowerBound)...\(range.upperBound)") }
        return value
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One measured phase on a fresh sandbox.
enum Phase {
    struct Result {
        var checks: [Duration]
        var created: Int
        var failed: Int
        var elapsed: Duration

        var checkSummary: String {
            let sorted = checks.sorted()
            guard !sorted.isEmpty else { return "–" }
            func at(_ q: Double) -> String { milliseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) }
            return "\(at(0.5)) / \(at(0.9)) / \(at(0.99)) / \(milliseconds(sorted.last!))"
        }

        var registrationSummary: String {
            guard created + failed > 0 else { return "–" }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return String(format: "%d in %.1f s = %.1f/s%@", created, seconds, Double(created) / seconds,
                          failed > 0 ? " (\(failed) failed)" : "")
        }

        private func milliseconds(_ duration: Duration) -> String {
            let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return String(format: "%.2f ms", ms)
        }
    }

    static func run(hashingThreads: Int, registrations: Int, options: Options) async throws -> Result {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-load-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        let configuration = SandboxConfiguration(port: 0, databasePath: database, hashingThreads: hashingThreads)
        let sandbox = try await Sandbox.start(brands: try packageBrands(), configuration: configuration,
                                              logger: Logger(label: "load") { _ in SwiftLogNoOpLogHandler() })
        let port = sandbox.port
        let deadline = ContinuousClock.now + .seconds(options.seconds)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, any Error>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Swift.Result {
                    try load(port: port, registrations: registrations, concurrency: options.concurrency, deadline: deadline)
                })
            }
        }
        await sandbox.stop()
        return try result.get()
    }

    /// The blocking part, on plain threads: registration workers and one checker.
    private static func load(port: Int, registrations: Int, concurrency: Int, deadline: ContinuousClock.Instant) throws -> Result {
        let next = Atomic<Int>(0), created = Atomic<Int>(0), failed = Atomic<Int>(0), workersLeft = Atomic<Int>(0)
        let workers = registrations == 0 ? 0 : min(concurrency, registrations)
        workersLeft.store(workers, ordering: .sequentiallyConsistent)
        let start = ContinuousClock.now
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            Thread.detachNewThread {
                defer { workersLeft.subtract(1, ordering: .sequentiallyConsistent); finished.leave() }
                guard let connection = try? BlockingHTTP(port: port) else { return }
                while ContinuousClock.now < deadline {
                    let index = next.add(1, ordering: .sequentiallyConsistent).oldValue
                    guard index < registrations else { return }
                    let status = (try? connection.send(registration(index))) ?? 0
                    if status == 201 { created.add(1, ordering: .relaxed) } else { failed.add(1, ordering: .relaxed) }
                }
            }
        }
        // The checker: one keep-alive connection, a check every 5 ms while registrations are in flight
        // (500 checks when idle), each a fresh name so nothing is cached anywhere.
        let checker = try BlockingHTTP(port: port)
        var checks: [Duration] = []
        var index = 0
        while ContinuousClock.now < deadline, workers == 0 ? checks.count < 500 : workersLeft.load(ordering: .sequentiallyConsistent) > 0 {
            let began = ContinuousClock.now
            let status = try checker.send("GET /v2/client/check-username?brand=neds&username=probe_\(index) HTTP/1.1\r\nHost: load\r\n\r\n")
            guard status == 200 else { throw LoadError("check-username answered \(status)") }
            checks.append(ContinuousClock.now - began)
            index += 1
            usleep(5_000)
        }
        finished.wait()
        return Result(checks: checks, created: created.load(ordering: .relaxed), failed: failed.load(ordering: .relaxed),
                      elapsed: ContinuousClock.now - start)
    }

    /// A valid Neds registration, unique by `index`.
    private static func registration(_ index: Int) -> String {
        let fields: [String: String] = [
            "title": "Ms", "firstName": "Load", "lastName": "Tester", "dateOfBirth": "10/12/1990",
            "email": "load\(index)@example.com", "mobile": String(format: "04%02d %03d %03d", index / 1_000_000 % 100, index / 1000 % 1000, index % 1000),
            "address.streetNumber": "12", "address.street": "Smith Street", "address.suburb": "Collingwood",
            "address.state": "VIC", "address.postcode": "3066",
            "username": String(format: "load_%06d", index), "password": "Analytical1!", "depositLimit": "declined",
            "marketingConsent": "false",
        ]
        let body = try! JSONSerialization.data(withJSONObject: ["brand": "neds", "fields": fields], options: [.sortedKeys])
        return "POST /v2/client HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nIdempotency-Key: load-\(index)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self)
    }
}

/// One keep-alive HTTP/1.1 connection with blocking calls: send a request,
/// read the status and the body its Content-Length announces.
final class BlockingHTTP {
    private let socket: LoopbackSocket
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = try LoopbackSocket(port: port, readTimeout: 120)
    }

    /// Sends `request` and returns the answer's status once its body is read.
    func send(_ request: String) throws -> Int {
        try socket.send(Array(request.utf8))
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        let lines = head.components(separatedBy: "\r\n")
        guard let status = lines.first.flatMap({ Int($0.split(separator: " ").dropFirst().first ?? "") }) else {
            throw LoadError("not an HTTP answer")
        }
        let length = lines.lazy.compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        guard length <= 1 << 20 else { throw LoadError("an answer over 1 MiB") }
        while buffer.count < length { try fill() }
        buffer.removeFirst(length)
        return status
    }

    private func readUntilHeadEnd() throws -> Int {
        let marker: [UInt8] = [13, 10, 13, 10]
        while true {
            if buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(marker) }) {
                return end
            }
            guard buffer.count < 64 * 1024 else { throw LoadError("an answer head over 64 KiB") }
            try fill()
        }
    }

    private func fill() throws {
        let chunk = socket.receive()
        guard !chunk.isEmpty else { throw LoadError("the connection closed or timed out") }
        buffer.append(contentsOf: chunk)
    }
}
