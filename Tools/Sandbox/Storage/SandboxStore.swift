import Foundation
import GRDB
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// The sandbox's data in one SQLite file (GRDB, WAL mode): clients, their
/// account figures, reserved usernames and the self-exclusion register,
/// every row in a world (``WorldID``): what one world holds, no other sees.
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

    /// Whether `username`, or a look-alike of it (see ``UsernameKey``), is reserved or registered with `brand` in `world`.
    func isUsernameTaken(_ username: String, brand: BrandID, in world: WorldID) async throws -> Bool {
        let key = UsernameKey(username).rawValue
        return try await pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = ? AND username_key = ?)
                    OR EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND username_key = ?)
                """, arguments: [world.rawValue, key, world.rawValue, brand.rawValue, key]) ?? false
        }
    }

    /// Whether a client of `brand` in `world` has `identity`'s email or mobile number.
    func hasAccount(_ identity: AccountIdentity, brand: BrandID, in world: WorldID) async throws -> Bool {
        guard identity.emailKey != nil || identity.mobileKey != nil else { return false }
        return try await pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND (email_key = ? OR mobile_key = ?))
                """, arguments: [world.rawValue, brand.rawValue, identity.emailKey, identity.mobileKey]) ?? false
        }
    }

    /// The request an idempotency key was first used for: the client it
    /// created, the brand, the request's fingerprint, the password hash and when.
    struct EarlierRequest: Sendable {
        let clientID: Int64
        let brand: String
        let fingerprint: String?
        let passwordHash: String?
        let createdAt: Date?
    }

    /// The request first made with `idempotencyKey` in `world`, if any.
    func earlierRequest(forIdempotencyKey key: String, in world: WorldID) async throws -> EarlierRequest? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT id, brand, request_fingerprint, password_hash, created_at FROM client WHERE world = ? AND idempotency_key = ?
                """, arguments: [world.rawValue, key]).map { row in
                EarlierRequest(clientID: row["id"], brand: row["brand"], fingerprint: row["request_fingerprint"],
                               passwordHash: row["password_hash"],
                               createdAt: ISO8601DateFormatter().date(from: row["created_at"] as String))
            }
        }
    }

    /// Reserves `usernames` in `world` (each once, look-alikes as one).
    func reserveUsernames(_ usernames: [String], in world: WorldID) async throws {
        guard !usernames.isEmpty else { return }
        try await pool.write { db in
            for username in usernames {
                try db.execute(sql: "INSERT OR IGNORE INTO reserved_username (world, username_key) VALUES (?, ?)",
                               arguments: [world.rawValue, UsernameKey(username).rawValue])
            }
        }
    }

    /// Adds people to `world`'s self-exclusion register (each once).
    func addToRegister(_ people: [SelfExcludedPerson], in world: WorldID) async throws {
        guard !people.isEmpty else { return }
        try await pool.write { db in
            for person in people {
                let known = try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM self_excluded_person
                                   WHERE world = ? AND first_name = ? AND last_name = ? AND date_of_birth = ?)
                    """, arguments: [world.rawValue, person.firstName, person.lastName, person.dateOfBirth.description]) ?? false
                guard !known else { continue }
                try db.execute(sql: """
                    INSERT INTO self_excluded_person (world, first_name, last_name, date_of_birth) VALUES (?, ?, ?, ?)
                    """, arguments: [world.rawValue, person.firstName, person.lastName, person.dateOfBirth.description])
            }
        }
    }

    /// Stores clients of `brand` in `world` for people who already have an
    /// account (no password; a made-up username when none is given or it is
    /// taken), each once; how many were new.
    func insertExistingAccounts(_ accounts: [ExistingAccount], brand: BrandID, in world: WorldID) async throws -> Int {
        var added = 0
        for account in accounts {
            let identity = AccountIdentity(account)
            if try await hasAccount(identity, brand: brand, in: world) { continue }
            var fields: [String: String] = [:]
            fields["email"] = account.email
            fields["mobile"] = account.mobile
            var username = account.username ?? ""
            let taken = username.isEmpty ? true : try await isUsernameTaken(username, brand: brand, in: world)
            if taken { username = "existing-" + UUID().uuidString.prefix(8).lowercased() }
            let client = NewClient(world: world, brand: brand, username: username, fields: fields, passwordHash: nil,
                                   idempotencyKey: "seed-" + UUID().uuidString, fingerprint: "seeded", identity: identity)
            if case .created = try await insert(client) { added += 1 }
        }
        return added
    }

    /// The people on `world`'s self-exclusion register.
    func selfExclusionRegister(of world: WorldID) throws -> [SelfExcludedPerson] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT first_name, last_name, date_of_birth FROM self_excluded_person WHERE world = ?",
                             arguments: [world.rawValue]).compactMap { row in
                guard let day = CalendarDay(iso: row["date_of_birth"]) else { return nil }
                return SelfExcludedPerson(firstName: row["first_name"], lastName: row["last_name"], dateOfBirth: day)
            }
        }
    }

    /// Starts `world` as the default world started: the sample taken
    /// usernames and the sample register.
    func startWorld(_ world: WorldID) async throws {
        try await reserveUsernames(EmbeddedWorld.sampleTakenUsernames.sorted(), in: world)
        try await addToRegister(EmbeddedWorld.sampleRegister, in: world)
    }

    /// Deletes everything `world` holds: its clients (and their accounts), usernames and register.
    func deleteWorld(_ world: WorldID) async throws {
        try await pool.write { db in
            for table in Self.worldTables { try db.execute(sql: "DELETE FROM \(table) WHERE world = ?", arguments: [world.rawValue]) }
        }
    }

    /// Deletes everything every world but the default one holds.
    func deleteWorldsButTheDefault() throws {
        try pool.write { db in
            for table in Self.worldTables { try db.execute(sql: "DELETE FROM \(table) WHERE world <> ''") }
        }
    }

    private static let worldTables = ["client", "reserved_username", "self_excluded_person"]

    /// A client to store: no password in `fields`, only its hash.
    struct NewClient: Sendable {
        var world: WorldID
        var brand: BrandID
        var username: String
        var fields: [String: String]
        var passwordHash: String?
        var idempotencyKey: String
        /// The fingerprint of the request that created it (see ``CreateClientRoutes``).
        var fingerprint: String
        /// Who the client is, by email and mobile.
        var identity: AccountIdentity
    }

    /// What storing a client came to.
    enum Insertion: Equatable, Sendable {
        /// A new row with this id.
        case created(Int64)
        /// The key was used before (e.g. by a concurrent retry): that row's id.
        case replayed(Int64)
        /// Another client took the username first.
        case usernameTaken
        /// A client of the brand has the email or the mobile number already.
        case accountExists
    }

    /// Stores `client` with a zero-balance account, in one transaction.
    ///
    /// The table's unique keys decide, not an earlier read: in each world,
    /// one row per idempotency key, per brand and username key, per brand and
    /// email, and per brand and mobile number. Of concurrent requests that
    /// share any of them, exactly one is stored and the others learn why they were not.
    func insert(_ client: NewClient) async throws -> Insertion {
        let fieldsJSON = String(decoding: try JSONEncoder.sorted.encode(client.fields), as: UTF8.self)
        let created = ISO8601DateFormatter().string(from: Date())
        let key = UsernameKey(client.username).rawValue
        return try await pool.write { db in
            let reserved = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = ? AND username_key = ?)",
                                             arguments: [client.world.rawValue, key]) ?? false
            if reserved { return try Self.existingRequest(client, in: db).map(Insertion.replayed) ?? .usernameTaken }
            try db.execute(sql: """
                INSERT INTO client (world, brand, username, username_key, fields, password_hash, idempotency_key, created_at,
                                    email_key, mobile_key, request_fingerprint)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """, arguments: [client.world.rawValue, client.brand.rawValue, client.username, key, fieldsJSON, client.passwordHash,
                                 client.idempotencyKey, created, client.identity.emailKey, client.identity.mobileKey,
                                 client.fingerprint])
            guard db.changesCount > 0 else { return try Self.conflict(of: client, usernameKey: key, in: db) }
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO account (client_id) VALUES (?)", arguments: [id])
            return .created(id)
        }
    }

    /// Which unique key refused `client`: its idempotency key first (a retry
    /// is a replay whatever else it shares), then the username, then the
    /// person's email or mobile number.
    private static func conflict(of client: NewClient, usernameKey: String, in db: Database) throws -> Insertion {
        if let earlier = try existingRequest(client, in: db) { return .replayed(earlier) }
        let usernameTaken = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND username_key = ?)
            """, arguments: [client.world.rawValue, client.brand.rawValue, usernameKey]) ?? false
        return usernameTaken ? .usernameTaken : .accountExists
    }

    private static func existingRequest(_ client: NewClient, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM client WHERE world = ? AND idempotency_key = ?",
                           arguments: [client.world.rawValue, client.idempotencyKey])
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
