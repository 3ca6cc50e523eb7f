import Foundation
import GRDB
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import ServerInputs

/// The sandbox's data in one SQLite file (GRDB, WAL mode), for one sandbox
/// process: the file is the database a developer's sandbox needs.
///
/// Opening migrates the file (creating it when missing); every write is a
/// transaction, so a server stopped mid-run loses nothing it answered for.
struct SQLiteStorage: SandboxStorage {
    let pool: DatabasePool

    /// Opens (and migrates) the database at `path`.
    /// - Throws: ``SchemaTooNew`` for a file a newer sandbox migrated; GRDB's errors otherwise.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA foreign_keys = ON") }
        pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = SQLiteSchema.migrator
        if let unknown = try pool.read({ db in try Self.unknownMigration(in: db, migrator: migrator) }) {
            try? pool.close()
            throw SchemaTooNew(migration: unknown)
        }
        try migrator.migrate(pool)
    }

    private static func unknownMigration(in db: Database, migrator: DatabaseMigrator) throws -> String? {
        guard try db.tableExists("grdb_migrations") else { return nil }
        let known = Set(migrator.migrations)
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").first { !known.contains($0) }
    }

    func close() async { try? pool.close() }

    func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    func isUsernameTaken(_ username: String, brand: BrandID, in world: WorldID) async throws -> Bool {
        let key = UsernameKey(username).rawValue
        return try await pool.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = ? AND username_key = ?)
                        OR EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND username_key = ?)
                    """, arguments: [world.rawValue, key, world.rawValue, brand.rawValue, key]) ?? false
        }
    }

    func hasAccount(_ identity: AccountIdentity, brand: BrandID, in world: WorldID) async throws -> Bool {
        guard identity.emailKey != nil || identity.mobileKey != nil else { return false }
        return try await pool.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND (email_key = ? OR mobile_key = ?))
                    """, arguments: [world.rawValue, brand.rawValue, identity.emailKey, identity.mobileKey]) ?? false
        }
    }

    func earlierRequest(forIdempotencyKey key: String, in world: WorldID) async throws -> EarlierRequest? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, brand, request_fingerprint, password_hash, created_at FROM client WHERE world = ? AND idempotency_key = ?
                    """, arguments: [world.rawValue, key]
            ).map { row in
                EarlierRequest(
                    clientID: row["id"], brand: row["brand"], fingerprint: row["request_fingerprint"],
                    passwordHash: row["password_hash"],
                    createdAt: ISO8601DateFormatter().date(from: row["created_at"] as String))
            }
        }
    }

    func reserveUsernames(_ usernames: [String], in world: WorldID) async throws {
        guard !usernames.isEmpty else { return }
        try await pool.write { db in
            for username in usernames {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO reserved_username (world, username_key) VALUES (?, ?)",
                    arguments: [world.rawValue, UsernameKey(username).rawValue])
            }
        }
    }

    func addToRegister(_ people: [SelfExcludedPerson], in world: WorldID) async throws {
        guard !people.isEmpty else { return }
        try await pool.write { db in
            for person in people {
                try db.execute(
                    sql: """
                        INSERT INTO self_excluded_person (world, first_name, last_name, date_of_birth)
                        SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM self_excluded_person
                                                            WHERE world = ? AND first_name = ? AND last_name = ? AND date_of_birth = ?)
                        """,
                    arguments: [
                        world.rawValue, person.firstName, person.lastName, person.dateOfBirth.description,
                        world.rawValue, person.firstName, person.lastName, person.dateOfBirth.description,
                    ])
            }
        }
    }

    func selfExclusionRegister(of world: WorldID) async throws -> [SelfExcludedPerson] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT first_name, last_name, date_of_birth FROM self_excluded_person WHERE world = ? ORDER BY id",
                arguments: [world.rawValue]
            ).compactMap { row in
                guard let day = CalendarDay(iso: row["date_of_birth"]) else { return nil }
                return SelfExcludedPerson(firstName: row["first_name"], lastName: row["last_name"], dateOfBirth: day)
            }
        }
    }

    func insert(_ client: NewClient) async throws -> Insertion {
        let fieldsJSON = try client.fieldsJSON
        let created = ISO8601DateFormatter().string(from: Date())
        let key = UsernameKey(client.username).rawValue
        return try await pool.write { db in
            let reserved =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = ? AND username_key = ?)",
                    arguments: [client.world.rawValue, key]) ?? false
            if reserved { return try Self.existingRequest(client, in: db).map(Insertion.replayed) ?? .usernameTaken }
            try db.execute(
                sql: """
                    INSERT INTO client (world, brand, username, username_key, fields, password_hash, idempotency_key, created_at,
                                        email_key, mobile_key, request_fingerprint)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    client.world.rawValue, client.brand.rawValue, client.username, key, fieldsJSON, client.passwordHash,
                    client.idempotencyKey, created, client.identity.emailKey, client.identity.mobileKey,
                    client.fingerprint,
                ])
            guard db.changesCount > 0 else { return try Self.conflict(of: client, usernameKey: key, in: db) }
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO account (client_id) VALUES (?)", arguments: [id])
            return .created(id)
        }
    }

    private static func conflict(of client: NewClient, usernameKey: String, in db: Database) throws -> Insertion {
        if let earlier = try existingRequest(client, in: db) { return .replayed(earlier) }
        let usernameTaken =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM client WHERE world = ? AND brand = ? AND username_key = ?)
                    """, arguments: [client.world.rawValue, client.brand.rawValue, usernameKey]) ?? false
        return usernameTaken ? .usernameTaken : .accountExists
    }

    private static func existingRequest(_ client: NewClient, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM client WHERE world = ? AND idempotency_key = ?",
            arguments: [client.world.rawValue, client.idempotencyKey])
    }

    func details(clientID id: Int64, in world: WorldID) async throws -> AccountDetails? {
        try await pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT account.* FROM account JOIN client ON client.id = account.client_id WHERE client_id = ? AND client.world = ?
                        """, arguments: [id, world.rawValue])
            else {
                return nil
            }
            let nickname: String? = row["nickname"]
            return AccountDetails(
                balance: row["balance"], pendingBetsCount: row["pending_bets_count"],
                promotionsBalance: row["promotions_balance"],
                socialProfile: nickname.map { AccountDetails.Profile(nickname: $0, avatar: row["avatar"]) })
        }
    }

    func setDetails(_ details: AccountDetails, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE account SET balance = ?, pending_bets_count = ?, promotions_balance = ?, nickname = ?, avatar = ?
                    WHERE client_id = ? AND client_id IN (SELECT id FROM client WHERE world = ?)
                    """,
                arguments: [
                    details.balance, details.pendingBetsCount, details.promotionsBalance,
                    details.socialProfile?.nickname, details.socialProfile?.avatar, id, world.rawValue,
                ])
            return db.changesCount > 0
        }
    }

    func betslipCount(clientID id: Int64, in world: WorldID) async throws -> Int? {
        try await pool.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT betslip_count FROM account JOIN client ON client.id = account.client_id WHERE client_id = ? AND client.world = ?
                    """, arguments: [id, world.rawValue])
        }
    }

    func registeredClients(in world: WorldID, limit: Int) async throws -> [RegisteredClient] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, brand, fields FROM client WHERE world = ? AND request_fingerprint IS NOT 'seeded'
                    ORDER BY id LIMIT ?
                    """, arguments: [world.rawValue, limit]
            ).map { RegisteredClient(id: $0["id"], brand: $0["brand"], fieldsJSON: $0["fields"]) }
        }
    }

    func setBetslipCount(_ count: Int, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql:
                    "UPDATE account SET betslip_count = ? WHERE client_id = ? AND client_id IN (SELECT id FROM client WHERE world = ?)",
                arguments: [count, id, world.rawValue])
            return db.changesCount > 0
        }
    }

    // MARK: Worlds

    func createWorld(_ id: WorldID, owner: WorldOwner, caps: WorldCaps, now: Date) async throws -> WorldCreation {
        try await pool.write { db in
            let live = try Int.fetchOne(db, sql: "SELECT count(*) FROM world WHERE id <> '' AND NOT expired") ?? 0
            guard live < caps.total else { return .full }
            let owned =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM world WHERE id <> '' AND NOT expired AND owner = ?",
                    arguments: [owner.rawValue]) ?? 0
            guard owned < caps.perOwner else { return .ownerFull(holding: owned) }
            try db.execute(
                sql: "INSERT INTO world (id, last_used_at, owner) VALUES (?, ?, ?)",
                arguments: [id.rawValue, now.storedSeconds, owner.rawValue])
            return .created
        }
    }

    func useWorld(_ id: WorldID, now: Date, idleSince: Date) async throws -> WorldLookup {
        let read: @Sendable (Database) throws -> WorldLookup = { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT today, faults, expired, last_used_at, owner FROM world WHERE id = ?",
                    arguments: [id.rawValue])
            else { return .unknown }
            if id != .standard, (row["expired"] as Bool) || (row["last_used_at"] as Double) < idleSince.storedSeconds {
                return .expired
            }
            let faults = try JSONDecoder().decode([String].self, from: Data((row["faults"] as String).utf8))
            return .found(
                StoredWorld(
                    today: (row["today"] as String?).flatMap(CalendarDay.init(iso:)), faults: faults,
                    owner: WorldOwner(rawValue: row["owner"])))
        }
        // The default world never expires: reading it takes no write.
        guard id != .standard else { return try await pool.read(read) }
        return try await pool.write { db in
            let lookup = try read(db)
            if case .found = lookup {
                try db.execute(
                    sql: "UPDATE world SET last_used_at = ? WHERE id = ?", arguments: [now.storedSeconds, id.rawValue])
            }
            return lookup
        }
    }

    func seedWorld(_ id: WorldID, today: CalendarDay?, faults: [String]) async throws {
        let faultsJSON = String(decoding: try JSONEncoder.sorted.encode(faults), as: UTF8.self)
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE world SET today = ?, faults = ? WHERE id = ?",
                arguments: [today?.description, faultsJSON, id.rawValue])
            try db.execute(sql: "DELETE FROM fault_draw WHERE world = ?", arguments: [id.rawValue])
        }
    }

    func drawFault(_ route: ServiceRoute, in id: WorldID) async throws -> UInt64 {
        try await pool.write { db in
            try UInt64(
                Int64.fetchOne(
                    db,
                    sql: """
                        INSERT INTO fault_draw (world, route, draws) VALUES (?, ?, 1)
                        ON CONFLICT (world, route) DO UPDATE SET draws = draws + 1
                        RETURNING draws - 1
                        """, arguments: [id.rawValue, route.rawValue]) ?? 0)
        }
    }

    func deleteWorld(_ id: WorldID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM world WHERE id = ? AND NOT expired", arguments: [id.rawValue])
            guard db.changesCount > 0 else { return false }
            try Self.deleteRows(of: [id], in: db)
            return true
        }
    }

    func expireWorlds(idleSince: Date) async throws -> [WorldID] {
        try await pool.write { db in
            let ids = try String.fetchAll(
                db, sql: "SELECT id FROM world WHERE id <> '' AND NOT expired AND last_used_at < ?",
                arguments: [idleSince.storedSeconds]
            ).map(WorldID.init(rawValue:))
            try db.execute(
                sql: "UPDATE world SET expired = 1 WHERE id <> '' AND NOT expired AND last_used_at < ?",
                arguments: [idleSince.storedSeconds])
            try Self.deleteRows(of: ids, in: db)
            try db.execute(
                sql: "DELETE FROM world WHERE expired AND last_used_at < ?",
                arguments: [idleSince.storedSeconds - WorldLimits.expiryMemory])
            return ids
        }
    }

    func worldCount() async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM world WHERE id <> '' AND NOT expired") ?? 0
        }
    }

    private static func deleteRows(of worlds: [WorldID], in db: Database) throws {
        for world in worlds {
            for table in WorldTables.all {
                try db.execute(sql: "DELETE FROM \(table) WHERE world = ?", arguments: [world.rawValue])
            }
        }
    }
}

/// The database was migrated by a newer sandbox than this one: it is not
/// touched, and this sandbox does not start.
struct SchemaTooNew: Error, CustomStringConvertible {
    /// The first migration this sandbox does not know.
    let migration: String
    var description: String {
        "its schema is from a newer Livery (migration '\(migration)' is unknown to this one); use that version's livery-server"
    }
}
