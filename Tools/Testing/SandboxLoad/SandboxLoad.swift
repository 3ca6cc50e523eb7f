import Foundation
import LiveryCore
import LiverySandbox
import LiveryTesting
import Logging

/// `swift run -c release SandboxLoad [--registrations N] [--concurrency N] [--seconds N]`
///
/// By default, starts the sandbox in this process on a loopback port over a
/// temporary SQLite file (the default hashing cost), then measures
/// `check-username` latency three ways in one run: idle; while `concurrency`
/// registrations are in flight with hashing on its own threads (the sandbox
/// as shipped); and the same load with hashing on the request threads (the
/// old design, as the baseline). Prints percentiles and registrations per second.
///
/// `--target http://127.0.0.1:PORT` (repeatable) loads sandboxes running as
/// separate processes instead: registration connections are spread
/// round-robin over the targets, one checker per target (see ``TargetLoad``).
/// `--hash-only` times scrypt at the sandbox and production costs on one
/// thread, with no server (see ``HashCeiling``).
///
/// The load comes from plain threads with blocking keep-alive sockets, so the
/// client never competes for the server's task threads. Every loop is bounded
/// by a count and a deadline.
@main
struct SandboxLoad {
    static func main() async throws {
        let options: Options
        do {
            options = try Options(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("SandboxLoad: \(error)\n".utf8))
            exit(2)
        }
        if options.hashOnly {
            try HashCeiling.run(options: options)
            return
        }
        if !options.targets.isEmpty {
            do {
                try TargetLoad.run(options: options)
            } catch {
                FileHandle.standardError.write(Data("SandboxLoad: \(error)\n".utf8))
                exit(1)
            }
            return
        }
        print(
            "sandbox load: \(options.registrations) registrations, \(options.concurrency) in flight, "
                + "≤ \(options.seconds) s per phase, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var rows: [(String, Phase.Result)] = []
        rows.append(
            (
                "idle (no registrations)",
                try await Phase.run(
                    hashingThreads: SandboxConfiguration.defaultHashingThreads,
                    registrations: 0, options: options)
            ))
        rows.append(
            (
                "under load, hashing on its own threads",
                try await Phase.run(
                    hashingThreads: SandboxConfiguration.defaultHashingThreads, registrations: options.registrations,
                    options: options)
            ))
        rows.append(
            (
                "under load, hashing on the request threads (baseline)",
                try await Phase.run(
                    hashingThreads: 0, registrations: options.registrations, options: options)
            ))
        print("")
        print("| phase | check-username p50 / p90 / p99 / max | checks | registrations created / s |")
        print("| --- | --- | --- | --- |")
        for (name, result) in rows {
            print("| \(name) | \(result.checkSummary) | \(result.checkCount) | \(result.registrationSummary) |")
        }
    }
}

/// Command-line options, each bounded.
struct Options {
    var registrations = 200
    var concurrency = 50
    var seconds = 60
    /// Sandboxes in other processes to load (ports on 127.0.0.1); empty: start one in this process.
    var targets: [Int] = []
    /// Time hashing alone (``HashCeiling``) instead of loading a sandbox.
    var hashOnly = false
    /// With `hashOnly`: the most hashes timed per cost.
    var hashes = 100

    init(_ arguments: ArraySlice<String>) throws {
        var remaining = arguments
        while let flag = remaining.popFirst() {
            if flag == "--hash-only" {
                hashOnly = true
                continue
            }
            guard let text = remaining.popFirst() else { throw LoadError("\(flag) needs a value") }
            if flag == "--target" {
                guard targets.count < 16 else { throw LoadError("at most 16 targets") }
                targets.append(try Self.loopbackPort(text))
                continue
            }
            guard let value = Int(text) else { throw LoadError("\(flag) needs a whole number") }
            switch flag {
            case "--registrations": registrations = try Self.bounded(value, 1...10_000, flag)
            case "--concurrency": concurrency = try Self.bounded(value, 1...500, flag)
            case "--seconds": seconds = try Self.bounded(value, 1...600, flag)
            case "--hashes": hashes = try Self.bounded(value, 1...10_000, flag)
            default:
                throw LoadError(
                    "unknown option \(flag) (--registrations, --concurrency, --seconds, --target URL, --hash-only, --hashes)"
                )
            }
        }
    }

    private static func bounded(_ value: Int, _ range: ClosedRange<Int>, _ flag: String) throws -> Int {
        guard range.contains(value) else {
            throw LoadError("\(flag) must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// The port of `http://127.0.0.1:PORT` (or `localhost`): only loopback targets are loaded.
    private static func loopbackPort(_ text: String) throws -> Int {
        guard let url = URL(string: text), url.scheme == "http", ["127.0.0.1", "localhost"].contains(url.host ?? ""),
            let port = url.port, (1...65_535).contains(port), url.path.isEmpty || url.path == "/", url.query == nil
        else { throw LoadError("--target must be http://127.0.0.1:PORT, not '\(text)'") }
        return port
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One measured phase on a fresh sandbox in this process.
enum Phase {
    typealias Result = LoadResult

    static func run(hashingThreads: Int, registrations: Int, options: Options) async throws -> Result {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sandbox-load-\(UUID().uuidString).sqlite"
        ).path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        let configuration = SandboxConfiguration(port: 0, databasePath: database, hashingThreads: hashingThreads)
        let sandbox = try await Sandbox.start(
            brands: try packageBrands(), configuration: configuration,
            logger: Logger(label: "load") { _ in SwiftLogNoOpLogHandler() })
        let port = sandbox.port
        let deadline = ContinuousClock.now + .seconds(options.seconds)
        let concurrency = options.concurrency
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Swift.Result<Result, any Error>, Never>) in
            Thread.detachNewThread {
                continuation.resume(
                    returning: Swift.Result {
                        try LoadRun.load(
                            ports: [port], registrations: registrations, concurrency: concurrency,
                            deadline: deadline, run: RunID.random())
                    })
            }
        }
        await sandbox.stop()
        return try result.get()
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
        let length =
            lines.lazy.compactMap { line -> Int? in
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
            if buffer.count >= 4,
                let end = (0...(buffer.count - 4)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(marker) })
            {
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
