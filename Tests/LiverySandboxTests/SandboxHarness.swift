import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import LiveryComposition
import LiveryCore
import LiveryWire
import Logging
import ServerConnections
import ServerInputs

@testable import LiverySandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sandbox over a temporary SQLite file — on a free loopback port, or its
/// router in memory — and a tiny JSON client for it.
struct SandboxHarness {
    /// Every brand Package.swift lists (generated at build time).
    static var brands: [any BrandPlugin] {
        get throws { try packageBrands() }
    }

    /// The server on its port; `nil` for a router in memory.
    let server: RunningSandbox?
    let database: SandboxDatabase
    /// Where requests go: the server's address (a router in memory answers any).
    var baseURL: URL { server?.baseURL ?? URL(string: "http://sandbox.test")! }
    /// The server's port (0 for a router in memory).
    var port: Int { server?.port ?? 0 }
    /// The SQLite file, or "" for a PostgreSQL database.
    var databasePath: String {
        if case .sqlite(let path) = database { return path }
        return ""
    }
    /// How the harness's requests travel: a plain session, or one trusting a test's certificate authority.
    var transport: any HTTPTransport = URLSession(configuration: .ephemeral)

    /// Starts a sandbox on `database`, else on the SQLite file at
    /// `databasePath`, else on a new temporary SQLite file.
    static func start(
        databasePath: String? = nil, database: SandboxDatabase? = nil, faults: FaultPlan = FaultPlan(),
        allowsSeeding: Bool = true, connections: ConnectionLimits = ConnectionLimits(),
        worlds: WorldLimits = WorldLimits(),
        accessTokens: Set<String> = [], seedingTokens: Set<String> = [], tls: SandboxTLS? = nil,
        transport: any HTTPTransport = URLSession(configuration: .ephemeral),
        logger: Logger = Logger(label: "sandbox-test") { _ in SwiftLogNoOpLogHandler() },
        extraBrands: [any BrandPlugin] = [],
        configure: (inout SandboxConfiguration) -> Void = { _ in }
    ) async throws -> SandboxHarness {
        let database = database ?? .sqlite(path: databasePath ?? temporaryDatabasePath())
        var configuration = SandboxConfiguration(
            port: 0, database: database, faults: faults, passwordCost: .testing,
            connections: connections, allowsSeeding: allowsSeeding, worlds: worlds,
            drain: .milliseconds(500))
        configuration.accessTokens = accessTokens
        configuration.seedingTokens = seedingTokens
        configuration.tls = tls
        // The record is checked against the kept document, which describes the brands Package.swift lists:
        // a sandbox serving others follows its own served document (the contract tests hold that one).
        if !extraBrands.isEmpty { configuration.exchangeRecord = nil }
        configure(&configuration)
        let server = try await Sandbox.start(brands: brands + extraBrands, configuration: configuration, logger: logger)
        return SandboxHarness(server: server, database: database, transport: transport)
    }

    /// Runs `body` against a fresh sandbox's router in memory (HummingbirdTesting's
    /// router framework: every route, middleware and storage, no socket), then
    /// closes and deletes its database. For what needs a socket (connection
    /// limits, slow peers, TLS, real clients), ``run(faults:allowsSeeding:connections:worlds:accessTokens:isolation:_:)``.
    static func inMemory(
        faults: FaultPlan = FaultPlan(), allowsSeeding: Bool = true, worlds: WorldLimits = WorldLimits(),
        accessTokens: Set<String> = [], _ body: @escaping @Sendable (SandboxHarness) async throws -> Void
    ) async throws {
        let path = temporaryDatabasePath()
        var configuration = SandboxConfiguration(
            port: 0, database: .sqlite(path: path), faults: faults, passwordCost: .testing,
            allowsSeeding: allowsSeeding, worlds: worlds)
        configuration.accessTokens = accessTokens
        // A router in memory has no peer address, so it cannot be "this machine": it seeds with a token,
        // as another machine would, which the transport sends on every request.
        let seedingToken = "in-memory-\(UUID().uuidString)"
        configuration.seedingTokens = [seedingToken]
        let built = try await Sandbox.build(
            brands: try brands, configuration: configuration,
            logger: Logger(label: "sandbox-test") { _ in SwiftLogNoOpLogHandler() }, onServerRunning: { _ in })
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            try await built.application.test(.router) { client in
                try await body(
                    SandboxHarness(
                        server: nil, database: .sqlite(path: path),
                        transport: RouterTransport(client: client, seedingToken: seedingToken)))
            }
        } catch {
            await built.storage.close()
            throw error
        }
        await built.storage.close()
    }

    /// Runs `body` against a fresh sandbox on a loopback port, then stops it and deletes its database.
    static func run(
        faults: FaultPlan = FaultPlan(), allowsSeeding: Bool = true, connections: ConnectionLimits = ConnectionLimits(),
        worlds: WorldLimits = WorldLimits(), accessTokens: Set<String> = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: (SandboxHarness) async throws -> Void
    ) async throws {
        let sandbox = try await start(
            faults: faults, allowsSeeding: allowsSeeding, connections: connections, worlds: worlds,
            accessTokens: accessTokens)
        do {
            try await body(sandbox)
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    static func temporaryDatabasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString).sqlite").path
    }

    /// Stops the server and, unless `keepDatabase`, deletes the database files.
    func stop(keepDatabase: Bool = false) async {
        await server?.stop()
        guard !keepDatabase, !databasePath.isEmpty else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
    }

    /// An answer: status, headers and body.
    struct Answer {
        let status: Int
        let body: Data
        let elapsed: Duration
        /// The `Allow` header, if any.
        var allow: String?
        /// The `Livery-Answer-After` header, if any.
        var answerAfter: String?

        /// The body read as the wire type an app reads it as.
        /// - Throws: when the body is not that type: a test fails naming the difference.
        func decoded<Wire: Decodable>(_ type: Wire.Type) throws -> Wire {
            try JSONDecoder().decode(type, from: body)
        }
        /// The body as an error answer, when it is one.
        var error: ErrorAnswer.Detail? { (try? decoded(ErrorAnswer.self))?.error }
        /// `error.code` of an error answer.
        var errorCode: String? { error?.code }
        /// `error.message` of an error answer.
        var errorMessage: String? { error?.message }
        /// The rule codes per field of an error answer.
        var fieldCodes: [String: [String]] { (error?.fields ?? [:]).mapValues { $0.map(\.code) } }
    }

    func get(_ path: String, query: [String: String] = [:]) async throws -> Answer {
        try await send("GET", path, query: query)
    }

    /// `POST path` with `json` encoded as the body: a wire type, or a ``JSONValue`` for a body of no wire type.
    func post(_ path: String, json: some Encodable, headers: [String: String] = [:]) async throws -> Answer {
        try await send("POST", path, body: try JSONEncoder().encode(json), headers: headers)
    }

    /// `PUT path` with `json` encoded as the body.
    func put(_ path: String, json: some Encodable) async throws -> Answer {
        try await send("PUT", path, body: try JSONEncoder().encode(json))
    }

    /// Creates a client of `brand` with `fields` under `key`, with `headers` (a world's, say).
    func createClient(
        brand: String = "neds", fields: [String: String], key: String = UUID().uuidString,
        headers: [String: String] = [:]
    ) async throws -> Answer {
        try await post(
            "/v2/client", json: RegistrationRequest(brand: brand, fields: fields),
            headers: headers.merging(["Idempotency-Key": key]) { $1 })
    }

    /// Makes a world seeded with `seed` (neds with nothing in it unless given); its id.
    func createWorld(_ seed: SeedRequest = SeedRequest(brand: "neds")) async throws -> String {
        let answer = try await post("/sandbox/worlds", json: seed)
        guard answer.status == 201, let id = (try? answer.decoded(WorldCreated.self))?.world else {
            throw HarnessFailure(
                "POST /sandbox/worlds answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
        return id
    }

    /// How many client rows the database holds that match `condition` (SQL).
    func clientRows(where condition: String) async throws -> Int {
        try await DatabaseQueue(path: databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client WHERE \(condition)") ?? 0
        }
    }

    /// How many worlds the database holds besides the default one, expired ones not counted.
    func worldRows() async throws -> Int {
        try await DatabaseQueue(path: databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM world WHERE id <> '' AND NOT expired") ?? 0
        }
    }

    /// Why the harness could not do what a test asked.
    struct HarnessFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func send(
        _ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil,
        headers: [String: String] = [:]
    ) async throws -> Answer {
        var components = URLComponents(
            url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        var request = URLRequest(url: components.url!, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let start = ContinuousClock.now
        let (data, response) = try await transport.send(request)
        let http = response as? HTTPURLResponse
        return Answer(
            status: http?.statusCode ?? 0, body: data, elapsed: ContinuousClock.now - start,
            allow: http?.value(forHTTPHeaderField: "Allow"),
            answerAfter: http?.value(forHTTPHeaderField: "Livery-Answer-After"))
    }
}

/// Requests handed to a router in memory (HummingbirdTesting's client), answers as URLSession gives them.
struct RouterTransport: HTTPTransport {
    let client: any TestClientProtocol
    /// Sent in the seeding-token header of every request that has none.
    let seedingToken: String

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url, let method = HTTPRequest.Method(request.httpMethod ?? "GET") else {
            throw URLError(.badURL)
        }
        var fields = HTTPFields()
        let given = request.allHTTPHeaderFields ?? [:]
        let tokenGiven = given.keys.contains { $0.caseInsensitiveCompare(WireHeader.seedingToken) == .orderedSame }
        for (name, value) in given.merging(
            tokenGiven ? [:] : [WireHeader.seedingToken: seedingToken], uniquingKeysWith: { $1 })
        {
            if let field = HTTPFields.Element.Name(name) { fields[field] = value }
        }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let uri = (components?.percentEncodedPath ?? "/") + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
        let answer = try await client.executeRequest(
            uri: uri, method: method, headers: fields, body: request.httpBody.map { ByteBuffer(bytes: $0) })
        var headers: [String: String] = [:]
        for field in answer.headers { headers[field.name.rawName] = field.value }
        let response = HTTPURLResponse(
            url: url, statusCode: Int(answer.status.code), httpVersion: "HTTP/1.1", headerFields: headers)!
        return (Data(buffer: answer.body), response)
    }
}

/// Registrations that pass the standard forms' rules.
enum Registrations {
    /// A valid Australian registration (any AU brand's standard form).
    static let australian: [String: String] = [
        "title": "Ms", "firstName": "Ada", "lastName": "Lovelace", "dateOfBirth": "10/12/1990",
        "email": "ada@example.com", "mobile": "0412 345 678",
        "address.streetNumber": "12", "address.street": "Smith Street", "address.suburb": "Collingwood",
        "address.state": "VIC", "address.postcode": "3066",
        "username": "adalove", "password": "Analytical1!", "depositLimit": "declined", "marketingConsent": "false",
    ]

    /// `australian` with `changes` applied (`nil` removes a field).
    static func australian(_ changes: [String: String?]) -> [String: String] {
        var fields = australian
        for (name, value) in changes { fields[name] = value }
        return fields
    }
}

extension Registrations {
    /// A valid New Zealand registration (the standard NZ form; no deposit limit needed).
    static let newZealand: [String: String] = [
        "title": "Mr", "firstName": "Rewi", "lastName": "Alley", "dateOfBirth": "02/12/1985",
        "email": "rewi@example.co.nz", "mobile": "021 123 4567",
        "address.streetNumber": "12", "address.street": "Queen Street", "address.city": "Auckland",
        "address.postcode": "1010", "username": "rewi_nz", "password": "Analytical1!", "marketingConsent": "true",
    ]
}
