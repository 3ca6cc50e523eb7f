import Foundation
import GRDB
import LiveryWire
import ServerInputs
import Testing

@testable import LiverySandbox

/// The sandbox as a team's service: real `livery-server` processes, stopped
/// by signals, several on one PostgreSQL database, one killed mid-load.
@Suite("the team sandbox: processes, signals, several instances")
struct TeamSandboxTests {
    /// A valid neds registration, unique by `index` (and `run`) unless told otherwise.
    private static func person(_ index: Int, run: String, username: String? = nil) -> [String: String] {
        Registrations.australian([
            "email": "p\(index)-\(run)@example.com",
            "mobile": String(format: "0412 %03d %03d", index / 1000, index % 1000),
            "username": username ?? "p\(index)_\(run)",
        ])
    }

    private static func runID() -> String { String(UUID().uuidString.prefix(6)).lowercased() }

    /// Two `livery-server sandbox` processes on one new PostgreSQL database (dropped when the test ends).
    private static func twoInstances(_ options: [String] = []) async throws -> (
        PostgresLocation, SandboxProcess, SandboxProcess
    ) {
        let location = try await TestPostgres.makeDatabase()
        let url = "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database)"
        let arguments = ["--database", url, "--password-cost", "10"] + options
        return (location, try await SandboxProcess(arguments), try await SandboxProcess(arguments))
    }

    @Test(
        "SIGTERM while a registration is in flight: the registration is answered and stored, then the process exits 0")
    func drainOnTerm() async throws {
        let path = SandboxHarness.temporaryDatabasePath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let sandbox = try await SandboxProcess([
            "--database", path, "--latency", "create-client=4000ms", "--password-cost", "10",
            "--drain", "10s",
        ])
        let client = SandboxClient(sandbox.baseURL)
        let registration = Task { try await client.register(Registrations.australian, key: "in-flight") }
        // The scrape counts itself: two in flight means the registration is being answered.
        var inFlight = 0.0
        for _ in 0..<500 where inFlight < 2 {
            inFlight = try await client.metric("sandbox_http_requests_in_flight") ?? 0
            if inFlight < 2 { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(inFlight >= 2, "the registration never showed as in flight")
        sandbox.send(SIGTERM)
        let answer = try await registration.value
        #expect(answer.status == 201, "the registration in flight was answered")
        #expect(try await sandbox.exitStatus() == 0, "\(sandbox.stderr)")
        let stored = try await DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM client")
        }
        #expect(stored == 1)
    }

    @Test(
        "100 same-key and 100 same-username registrations split across two instances make one client each",
        .enabled(if: TestPostgres.isAvailable, TestPostgres.skipped))
    func twoInstancesOneTruth() async throws {
        let (location, first, second) = try await Self.twoInstances(["--allow-seeding"])
        defer { Task { await TestPostgres.drop(location) } }
        let clients = [SandboxClient(first.baseURL), SandboxClient(second.baseURL)]
        let run = Self.runID()
        let sameKey = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<100 {
                group.addTask { try await clients[index % 2].register(Self.person(0, run: run), key: "one-key-\(run)") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(sameKey.compactMap(\.1)).count == 1, "every answer names the one client")
        #expect(sameKey.allSatisfy { $0.0 == 201 || $0.0 == 200 })
        let sameName = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 1...100 {
                group.addTask {
                    try await clients[index % 2].register(
                        Self.person(index, run: run, username: "shared_\(run)"), key: "k\(index)-\(run)"
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sameName.filter { $0 == 201 }.count == 1)
        #expect(sameName.filter { $0 == 409 }.count == 99)
        #expect(try await TestPostgres.count("SELECT count(*) FROM client", on: location) == 2)
        // A world made on one instance is served by the other.
        let made = try await clients[0].post(
            "/sandbox/worlds", json: SeedRequest(brand: "neds", takenUsernames: ["only_there"]),
            answer: WorldCreated.self)
        let world = try #require(made.answer?.world)
        let check = try await clients[1].get("/v2/client/check-username?brand=neds&username=only_there", world: world)
        #expect(check.status == 200 && check.body.contains("\"available\":false"))
        #expect(
            try await clients[1].register(Self.person(0, run: run), key: "one-key-\(run)", world: world).status == 201,
            "the same person and key are new in the world")
        first.send(SIGTERM)
        second.send(SIGTERM)
        #expect(try await first.exitStatus() == 0)
        #expect(try await second.exitStatus() == 0)
    }

    @Test(
        "kill -9 of one instance in the middle of a load loses no acknowledged registration, and the other keeps serving",
        .enabled(if: TestPostgres.isAvailable, TestPostgres.skipped))
    func killedInstance() async throws {
        let (location, doomed, survivor) = try await Self.twoInstances()
        defer { Task { await TestPostgres.drop(location) } }
        let clients = [SandboxClient(doomed.baseURL), SandboxClient(survivor.baseURL)]
        let run = Self.runID()
        let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var ids: [String] = []
                    for round in 0..<15 {
                        let index = worker * 100 + round
                        if worker == 0 && round == 5 { doomed.send(SIGKILL) }
                        guard
                            let answer = try? await clients[index % 2].register(
                                Self.person(index, run: run), key: "k\(index)-\(run)")
                        else {
                            continue
                        }
                        if answer.status == 201, let id = answer.clientId { ids.append(id) }
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(try await doomed.exitStatus() == SIGKILL || doomed.process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= 60, "the survivor kept serving (\(acknowledged.count) acknowledged)")
        let ids = acknowledged.compactMap { Int($0.dropFirst("client-".count)) }.map(String.init).joined(separator: ",")
        #expect(
            try await TestPostgres.count("SELECT count(*) FROM client WHERE id IN (\(ids))", on: location)
                == acknowledged.count)
        let after = try await clients[1].register(Self.person(9999, run: run), key: "after-\(run)")
        #expect(after.status == 201)
        survivor.send(SIGTERM)
        #expect(try await survivor.exitStatus() == 0)
    }

    @Test(
        "a database that goes away: 503 database.unavailable and /health 503, then service resumes when it is back",
        .enabled(if: TestPostgres.isAvailable, TestPostgres.skipped))
    func databaseGoesAway() async throws {
        let location = try await TestPostgres.makeDatabase()
        defer { Task { await TestPostgres.drop(location) } }
        let sandbox = try await SandboxHarness.start(database: .postgres(location))
        defer { Task { await sandbox.stop() } }
        #expect(try await sandbox.get("/health").status == 200)
        let before = try await sandbox.createClient(fields: Registrations.australian, key: "before")
        #expect(before.status == 201)
        var server = try PostgresLocation(url: try #require(TestPostgres.url))
        server.database = "postgres"
        try await TestPostgres.execute("ALTER DATABASE \(location.database) ALLOW_CONNECTIONS false", on: server)
        try await TestPostgres.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(location.database)'",
            on: server)
        let during = try await sandbox.createClient(
            fields: Registrations.australian([
                "username": "during_outage",
                "email": "d@example.com", "mobile": "0400 111 222",
            ]))
        #expect(during.status == 503 && during.errorCode == "database.unavailable")
        let health = try await sandbox.get("/health")
        #expect(health.status == 503 && (try? health.decoded(HealthAnswer.self))?.status == "unavailable")
        try await TestPostgres.execute("ALTER DATABASE \(location.database) ALLOW_CONNECTIONS true", on: server)
        var healthy = false
        for _ in 0..<300 where !healthy {
            healthy = try await sandbox.get("/health").status == 200
            if !healthy { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(healthy, "service resumed")
        let replay = try await sandbox.createClient(fields: Registrations.australian, key: "before")
        #expect(
            replay.status == 200
                && (try? replay.decoded(ClientCreated.self))?.clientId
                    == (try? before.decoded(ClientCreated.self))?.clientId,
            "what was acknowledged before the outage is still there")
        #expect(
            try await sandbox.createClient(
                fields: Registrations.australian([
                    "username": "during_outage", "email": "d@example.com",
                    "mobile": "0400 111 222",
                ])
            ).status == 201)
    }

    @Test(
        "a database URL that does not parse, an unreachable server or a newer schema: one line and exit 2 before serving"
    )
    func badDatabases() async throws {
        let newer = SandboxHarness.temporaryDatabasePath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: newer + suffix) } }
        let pool = try SQLiteStorage(path: newer).pool
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        try pool.close()
        var cases: [(String, String)] = [
            ("postgres://", "names no host"),
            ("mysql://root@127.0.0.1/x", "not a database this sandbox speaks"),
            ("postgres://livery@127.0.0.1:1/livery?sslmode=disable", "connection"),
            (newer, "newer Livery"),
        ]
        if let url = TestPostgres.url, let server = try? PostgresLocation(url: url) {
            // Tools/Servers/Postgres/start makes this role, which must give its password ("sandbox").
            cases.append(
                (
                    "postgres://livery_password:wrong@\(server.host):\(server.port)/\(server.database)",
                    "password authentication failed"
                ))
        }
        for (database, expected) in cases {
            let run = try await ToolRun.run(
                try SandboxProcess.executable, ["sandbox", "--port", "0", "--database", database], limit: .seconds(120))
            let text = run.errors
            #expect(run.status == 2, "\(database): \(text)")
            #expect(text.contains(expected), "\(database): \(text)")
            #expect(!text.contains("serving"))
            #expect(!text.contains("wrong"), "the password is never printed")
            #expect(
                text.split(separator: "\n").filter { $0.lowercased().contains("error:") }.count == 1,
                "one line: \(text)")
        }
    }
}
