import Foundation
import GRDB
import LiveryWire
import Testing

@testable import LiverySandbox

/// Many sign-ups at once that share something that must be unique: the
/// database decides, so exactly one is stored and every other one is told why.
@Suite("create-client under concurrency")
struct ConcurrentSignUpTests {
    static let attempts = 20

    /// Sends `attempts` registrations at once, the i-th with `fields(i)` under its own key unless `key` is given.
    private static func signUpAtOnce(
        _ sandbox: SandboxHarness, brand: String = "neds", key: String? = nil,
        _ fields: @escaping @Sendable (Int) -> [String: String]
    ) async throws -> [SandboxHarness.Answer] {
        try await withThrowingTaskGroup(of: SandboxHarness.Answer.self) { group in
            for index in 0..<attempts {
                group.addTask {
                    try await sandbox.createClient(brand: brand, fields: fields(index), key: key ?? "key-\(index)")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A registration for person `index`: their own email, mobile and username.
    private static func person(_ index: Int) -> [String: String] {
        Registrations.australian([
            "email": "person\(index)@example.com", "mobile": String(format: "0412 000 %03d", index),
            "username": "person\(index)",
        ])
    }

    private static func clientRows(_ sandbox: SandboxHarness) async throws -> Int {
        try await DatabaseQueue(path: sandbox.databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM client") ?? 0
        }
    }

    /// What twenty people share, written two ways, and the code the nineteen who lose are answered with.
    enum Shared: String, CaseIterable, CustomTestStringConvertible {
        case mobile, email, username

        var testDescription: String { "one \(rawValue)" }

        /// The value the i-th sign-up gives.
        func value(_ index: Int) -> String {
            let even = index.isMultiple(of: 2)
            return switch self {
            case .mobile: even ? "0412 345 678" : "+61412345678"
            case .email: even ? "Pat.Smith@Example.com" : "pat.smith@EXAMPLE.COM"
            case .username: even ? "samename" : "SameName"
            }
        }

        var losersCode: String { self == .username ? "username.taken" : "account.exists" }
    }

    @Test(
        "twenty sign-ups at once sharing a mobile, an email or a username, each written two ways: one account, nineteen 409s",
        arguments: Shared.allCases)
    func oneWinner(_ shared: Shared) async throws {
        try await SandboxHarness.run { sandbox in
            let answers = try await Self.signUpAtOnce(sandbox) { index in
                Self.person(index).merging([shared.rawValue: shared.value(index)]) { $1 }
            }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.status == 409 && $0.errorCode == shared.losersCode }.count == Self.attempts - 1)
            #expect(try await Self.clientRows(sandbox) == 1)
        }
    }

    @Test("twenty retries of one request under one key: one account, every answer names it")
    func oneKey() async throws {
        try await SandboxHarness.run { sandbox in
            let answers = try await Self.signUpAtOnce(sandbox, key: "one-key") { _ in Self.person(7) }
            #expect(answers.filter { $0.status == 201 }.count == 1)
            #expect(answers.filter { $0.status == 200 }.count == Self.attempts - 1)
            #expect(Set(answers.compactMap { try? $0.decoded(ClientCreated.self).clientId }) == ["client-1"])
            #expect(try await Self.clientRows(sandbox) == 1)
        }
    }

    @Test("the same person may hold an account with each brand")
    func perBrand() async throws {
        try await SandboxHarness.run { sandbox in
            let neds = try await sandbox.createClient(brand: "neds", fields: Self.person(1))
            let ladbrokes = try await sandbox.createClient(brand: "ladbrokes", fields: Self.person(1))
            #expect(neds.status == 201 && ladbrokes.status == 201)
        }
    }

    @Test("a file holding one person twice, from before the unique keys, keeps every row and then refuses a third")
    func migratesDuplicates() async throws {
        let path = SandboxHarness.temporaryDatabasePath()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: "v4: usernames told apart by their look-alike key")
        try await queue.write { db in
            for (index, username) in ["first", "second"].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO client (brand, username, username_key, fields, idempotency_key, created_at, email_key, mobile_key)
                        VALUES ('neds', ?, ?, '{}', ?, '2026-01-01T00:00:00Z', 'pat@example.com', 'AU:412345678')
                        """, arguments: [username, username, "old-\(index)"])
            }
        }
        try queue.close()
        let sandbox = try await SandboxHarness.start(databasePath: path)
        let third = try await sandbox.createClient(
            fields: Registrations.australian([
                "email": "PAT@example.com", "mobile": "0499 999 999",
                "username": "thirdperson",
            ]))
        let fourth = try await sandbox.createClient(
            fields: Registrations.australian([
                "email": "other@example.com", "mobile": "0412 345 678",
                "username": "fourthperson",
            ]))
        await sandbox.stop(keepDatabase: true)
        #expect(
            third.status == 409 && third.errorCode == "account.exists", "\(String(decoding: third.body, as: UTF8.self))"
        )
        #expect(fourth.status == 409 && fourth.errorCode == "account.exists")
        let usernames = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT username FROM client ORDER BY id")
        }
        #expect(usernames == ["first", "second"])
    }
}
