import Foundation
import Logging
import PostgresNIO
import ServerInputs
import Testing

@testable import LiverySandbox

/// The PostgreSQL server the tests may use: `LIVERY_POSTGRES_URL`
/// (`Tools/Servers/Postgres/start` starts one on loopback and prints it; `.ci/run`
/// does). Without it the PostgreSQL half of the storage tests is skipped,
/// and the skip says so.
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["LIVERY_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isAvailable: Bool { url != nil }
    static let skipped: Comment =
        "needs PostgreSQL: set LIVERY_POSTGRES_URL (Tools/Servers/Postgres/start starts one on loopback and prints it)"
    static let logger = Logger(label: "postgres-test") { _ in SwiftLogNoOpLogHandler() }

    /// A new, empty database on the server; `drop` removes it.
    static func makeDatabase() async throws -> PostgresLocation {
        let server = try PostgresLocation(url: try #require(url))
        var location = server
        location.database =
            "livery_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try await execute("CREATE DATABASE \(location.database)", on: server)
        return location
    }

    /// Drops `location`'s database, closing whatever is still connected to it.
    static func drop(_ location: PostgresLocation) async {
        guard let url, let server = try? PostgresLocation(url: url) else { return }
        try? await execute("DROP DATABASE IF EXISTS \(location.database) WITH (FORCE)", on: server)
    }

    /// Runs `sql` (trusted test text) on `location`'s database.
    static func execute(_ sql: String, on location: PostgresLocation) async throws {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// The first column of the first row `sql` returns, as an integer.
    static func count(_ sql: String, on location: PostgresLocation) async throws -> Int {
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(
            Int64.self)
        {
            return Int(value)
        }
        return 0
    }
}

/// Which storage a test runs on: SQLite always, PostgreSQL where a server is configured.
enum StorageKind: String, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    /// The kinds this machine can run.
    static var available: [StorageKind] { TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue == "sqlite" ? "SQLite" : "PostgreSQL" }

    /// A new, empty database of this kind.
    func makeDatabase() async throws -> SandboxDatabase {
        switch self {
        case .sqlite: .sqlite(path: SandboxHarness.temporaryDatabasePath())
        case .postgres: .postgres(try await TestPostgres.makeDatabase())
        }
    }

    /// Removes a database `makeDatabase` made.
    static func remove(_ database: SandboxDatabase) async {
        switch database {
        case .sqlite(let path):
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        case .postgres(let location):
            await TestPostgres.drop(location)
        }
    }
}

/// A storage opened on a fresh database, for the length of `body`.
func withStorage(
    _ kind: StorageKind, isolation: isolated (any Actor)? = #isolation,
    _ body: (any SandboxStorage, SandboxDatabase) async throws -> Void
) async throws {
    let database = try await kind.makeDatabase()
    let storage: any SandboxStorage
    var pool: Task<Void, Never>?
    switch database {
    case .sqlite(let path):
        storage = try SQLiteStorage(path: path)
    case .postgres(let location):
        let postgres = try await PostgresStorage.open(location, logger: TestPostgres.logger)
        pool = Task { await postgres.run() }
        storage = postgres
    }
    do {
        try await body(storage, database)
    } catch {
        pool?.cancel()
        await storage.close()
        await StorageKind.remove(database)
        throw error
    }
    pool?.cancel()
    await storage.close()
    await StorageKind.remove(database)
}
