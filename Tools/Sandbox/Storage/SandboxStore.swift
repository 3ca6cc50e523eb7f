import Foundation
import GRDB
import JoinFormFeature
import LiveryCore

/// The sandbox's data in one SQLite file (GRDB, WAL mode): clients, their
/// account figures, reserved usernames and the self-exclusion register.
///
/// Opening migrates the file (creating it when missing); every write is a
/// transaction, so a server stopped mid-run loses nothing it answered for.
struct SandboxStore: Sendable {
    let pool: DatabasePool

    /// Opens (and migrates) the database at `path`.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        pool = try DatabasePool(path: path, configuration: configuration)
        try SandboxSchema.migrator.migrate(pool)
    }

    /// Closes the file; later calls fail.
    func close() throws { try pool.close() }

    /// Whether `username` (ignoring case) is reserved or registered with `brand`.
    func isUsernameTaken(_ username: String, brand: BrandID) async throws -> Bool {
        let key = username.lowercased()
        return try await pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM reserved_username WHERE username_key = ?)
                    OR EXISTS (SELECT 1 FROM client WHERE brand = ? AND username_key = ?)
                """, arguments: [key, brand.rawValue, key]) ?? false
        }
    }

    /// The id of the client created with `idempotencyKey`, if any.
    func clientID(forIdempotencyKey key: String) async throws -> Int64? {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM client WHERE idempotency_key = ?", arguments: [key])
        }
    }

    /// The people on the self-exclusion register.
    func selfExclusionRegister() throws -> [SelfExcludedPerson] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT first_name, last_name, date_of_birth FROM self_excluded_person").compactMap { row in
                guard let day = CalendarDay(iso: row["date_of_birth"]) else { return nil }
                return SelfExcludedPerson(firstName: row["first_name"], lastName: row["last_name"], dateOfBirth: day)
            }
        }
    }

    /// A client to store: no password in `fields`, only its hash.
    struct NewClient: Sendable {
        var brand: BrandID
        var username: String
        var fields: [String: String]
        var passwordHash: String?
        var idempotencyKey: String
    }

    /// What storing a client came to.
    enum Insertion: Equatable, Sendable {
        /// A new row with this id.
        case created(Int64)
        /// The key was used before (e.g. by a concurrent retry): that row's id.
        case replayed(Int64)
        /// Another client took the username first.
        case usernameTaken
    }

    /// Stores `client` with a zero-balance account, in one transaction that
    /// re-checks the idempotency key and the username.
    func insert(_ client: NewClient) async throws -> Insertion {
        let fieldsJSON = String(decoding: try JSONEncoder.sorted.encode(client.fields), as: UTF8.self)
        let created = ISO8601DateFormatter().string(from: Date())
        let key = client.username.lowercased()
        return try await pool.write { db in
            if let earlier = try Int64.fetchOne(db, sql: "SELECT id FROM client WHERE idempotency_key = ?",
                                                arguments: [client.idempotencyKey]) {
                return .replayed(earlier)
            }
            let taken = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM reserved_username WHERE username_key = ?)
                    OR EXISTS (SELECT 1 FROM client WHERE brand = ? AND username_key = ?)
                """, arguments: [key, client.brand.rawValue, key]) ?? false
            if taken { return .usernameTaken }
            try db.execute(sql: """
                INSERT INTO client (brand, username, username_key, fields, password_hash, idempotency_key, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [client.brand.rawValue, client.username, key, fieldsJSON, client.passwordHash,
                                 client.idempotencyKey, created])
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO account (client_id) VALUES (?)", arguments: [id])
            return .created(id)
        }
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so stored and answered JSON is stable.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
