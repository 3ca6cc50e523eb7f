import Foundation
import LiveryCore
import LiveryTesting
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `livery-server sandbox` process started by a test: the real binary,
/// signals and all. Found beside the test bundle (`swift build` and `swift
/// test` build it); its port is read from the line it prints once it listens.
final class SandboxProcess: @unchecked Sendable {
    // @unchecked: `Process` is not `Sendable` on Linux; it and `port` are set up
    // before the process is shared, then only read (or told to stop).
    let process = Process()
    private let output = Locked("")
    /// What it wrote to standard error, read as it comes (a sandbox logs
    /// every request there: a pipe left unread would fill and stall it); the last 256 KiB.
    private let logged = Locked("")
    /// The bound port.
    private(set) var port = 0

    /// The `livery-server` executable built beside the tests.
    static var executable: URL {
        get throws { try tool("livery-server") }
    }

    /// The executable `name` (`livery`, `livery-server`) built beside the tests.
    static func tool(_ name: String) throws -> URL { try BuiltExecutable.named(name) }

    /// Starts `livery-server sandbox <arguments> --port 0` and waits (at most three minutes, for a loaded machine) until it listens.
    convenience init(_ arguments: [String]) async throws {
        try await self.init(sandbox: ["--port", "0"] + arguments)
    }

    /// Starts `livery-server sandbox <arguments>` — inside the network
    /// namespace `namespace` when given, with `environment` on top of this
    /// process's — and waits (at most three minutes, for a loaded machine) until it listens.
    init(
        sandbox arguments: [String], namespace: String? = nil, environment: [String: String] = [:],
        executable: URL? = nil
    ) async throws {
        let server = try executable ?? Self.executable
        let command = [server.path, "sandbox", "--no-colour"] + arguments
        if let namespace {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["ip", "netns", "exec", namespace] + command
        } else {
            process.executableURL = server
            process.arguments = Array(command.dropFirst())
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let errors = Pipe()
        process.standardOutput = out
        process.standardError = errors
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.logged.withLock { text in
                text += String(decoding: data, as: UTF8.self)
                if text.utf8.count > 256 * 1024 { text = String(text.suffix(128 * 1024)) }
            }
        }
        try process.run()
        let deadline = ContinuousClock.now + .seconds(180)
        while ContinuousClock.now < deadline, process.isRunning {
            if let port = output.withLock({ Self.port(in: $0) }) {
                self.port = port
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        throw Failure("livery-server did not start listening: \(stderr)")
    }

    /// The port of the line the sandbox prints once it listens (`… on http://127.0.0.1:8080 (Ctrl-C stops)`).
    private static func port(in text: String) -> Int? {
        guard let range = text.range(of: #"on https?://\S+:\d+ \("#, options: .regularExpression) else { return nil }
        return Int(text[range].dropLast(2).split(separator: ":").last ?? "")
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// What it wrote to standard error so far.
    var stderr: String { logged.withLock { $0 } }

    /// The CPU time it has used so far (user and system, from `/proc`), while it runs.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (name) ", utime and stime are the 12th and 13th fields.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends `signal` (SIGTERM, SIGKILL, …).
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits (at most `limit`) for it to exit: its status, or `nil` if it is still running.
    func exitStatus(within limit: Duration = .seconds(30)) async throws -> Int32? {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A plain JSON client for a sandbox at `baseURL`.
struct SandboxClient: Sendable {
    let baseURL: URL
    private let session: URLSession

    init(_ baseURL: URL) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// `POST /v2/client` for neds with `fields` under `key`: the status and the client id, if any.
    func register(_ fields: [String: String], key: String, world: String? = nil) async throws -> (
        status: Int, clientId: String?
    ) {
        var request = URLRequest(url: baseURL.appendingPathComponent("v2/client"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(key, forHTTPHeaderField: "Idempotency-Key")
        if let world { request.setValue(world, forHTTPHeaderField: "Livery-World") }
        request.httpBody = try JSONEncoder().encode(RegistrationRequest(brand: "neds", fields: fields))
        let (data, response) = try await session.data(for: request)
        let created = try? JSONDecoder().decode(ClientCreated.self, from: data)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, created?.clientId)
    }

    /// `GET path` (with an optional world): the status and body.
    func get(_ path: String, world: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        if let world { request.setValue(world, forHTTPHeaderField: "Livery-World") }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// `POST path` with `json` encoded as the body: the status and the body read as `Answer` (`nil` when it is not one).
    func post<Answer: Decodable>(_ path: String, json: some Encodable, answer: Answer.Type) async throws -> (
        status: Int, answer: Answer?
    ) {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(json)
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONDecoder().decode(answer, from: data))
    }

    /// The value of the metric line starting with `name` (no labels), if present.
    func metric(_ name: String) async throws -> Double? {
        let text = try await get("/metrics").body
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
