import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import Logging
import NIOSSL
import PostgresNIO
import ServerInputs

/// The sandbox's data in a PostgreSQL database that any number of sandbox
/// processes share: what one instance stores, every other sees, and the
/// database's unique keys and transactions decide every race between them.
///
/// ``open(_:logger:)`` connects once, checks the schema and migrates it
/// before anything is served; queries then go through a connection pool
/// (``run()`` keeps it) and each gets an answer within ``queryDeadline`` or
/// fails as ``StorageUnavailable``: a database that goes away is a 503, and
/// the pool reconnects when it is back.
struct PostgresStorage: SandboxStorage {
    private let client: PostgresClient
    private let logger: Logger
    /// How long one storage call may wait for the database.
    static let queryDeadline: Duration = .seconds(5)

    /// Connects to `location`, refuses a schema from a newer sandbox,
    /// migrates it, and makes the pool (run it with ``run()``).
    /// - Throws: ``PostgresOpenError`` with one line that says what failed.
    static func open(_ location: PostgresLocation, logger: Logger) async throws -> PostgresStorage {
        let tls: PostgresConnection.Configuration.TLS
        let poolTLS: PostgresClient.Configuration.TLS
        do {
            switch location.tls {
            case .disable:
                (tls, poolTLS) = (.disable, .disable)
            case .prefer:
                (tls, poolTLS) = (
                    .prefer(try NIOSSLContext(configuration: .makeClientConfiguration())),
                    .prefer(.makeClientConfiguration())
                )
            case .require:
                (tls, poolTLS) = (
                    .require(try NIOSSLContext(configuration: .makeClientConfiguration())),
                    .require(.makeClientConfiguration())
                )
            }
        } catch {
            throw PostgresOpenError("TLS could not be set up: \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresOpenError(Self.reason(error))
        }
        do {
            try await PostgresMigrator.migrate(connection, logger: logger)
            try await connection.close()
        } catch let error as PostgresOpenError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            throw PostgresOpenError("migrating: \(Self.reason(error))")
        }
        var poolConfiguration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.username,
            password: location.password, database: location.database, tls: poolTLS)
        poolConfiguration.options.maximumConnections = 16
        poolConfiguration.options.connectTimeout = .seconds(5)
        return PostgresStorage(
            client: PostgresClient(configuration: poolConfiguration, backgroundLogger: logger), logger: logger)
    }

    /// Keeps the connection pool until the task is cancelled: the storage answers only while this runs.
    func run() async { await client.run() }

    /// The one-line reason for a PostgreSQL error: the server's own message
    /// where it sent one (a wrong password, a missing database), else what
    /// failed on the way (refused, timed out).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return message + (error.serverInfo?[.sqlState].map { " (\($0))" } ?? "")
            }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// Whether `error` means the database is out of reach (the connection
    /// failed or closed, the server is shutting down or out of connections),
    /// not that a statement was wrong.
    private static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return !(error is CancellationError) }
        guard error.code == .server else { return true }
        let state = error.serverInfo?[.sqlState] ?? ""
        return state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("53")
    }

    /// Runs `work` within ``queryDeadline``; an unreachable database is ``StorageUnavailable``.
    private func guarded<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result) async throws -> Result
    {
        do {
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask { try await work() }
                group.addTask {
                    try await Task.sleep(for: Self.queryDeadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else {
                    throw StorageUnavailable(reason: "no answer within \(Self.queryDeadline)")
                }
                return result
            }
        } catch let error as StorageUnavailable {
            throw error
        } catch  where Self.isUnreachable(error) {
            throw StorageUnavailable(reason: Self.reason(error))
        }
    }

    private func rows<Value: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: Value.Type) async throws
        -> [Value]
    {
        try await guarded { [client, logger] in
            var found: [Value] = []
            for try await value in try await client.query(query, logger: logger).decode(Value.self) {
                found.append(value)
            }
            return found
        }
    }

    private func transaction<Result: Sendable>(
        _ work: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws -> Result {
        try await guarded { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in try await work(connection, logger) }
        }
    }

    /// Nothing to do here: the pool closes when ``run()`` ends (the sandbox's service group stops it last).
    func close() async {}

    func ping() async throws {
        _ = try await rows("SELECT TRUE", as: Bool.self)
    }

    func isUsernameTaken(_ username: String, brand: BrandID, in world: WorldID) async throws -> Bool {
        let key = UsernameKey(username).rawValue
        return try await rows(
            """
            SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = \(world.rawValue) AND username_key = \(key))
                OR EXISTS (SELECT 1 FROM client WHERE world = \(world.rawValue) AND brand = \(brand.rawValue) AND username_key = \(key))
            """, as: Bool.self
        ).first ?? false
    }

    func hasAccount(_ identity: AccountIdentity, brand: BrandID, in world: WorldID) async throws -> Bool {
        guard identity.emailKey != nil || identity.mobileKey != nil else { return false }
        return try await rows(
            """
            SELECT EXISTS (SELECT 1 FROM client WHERE world = \(world.rawValue) AND brand = \(brand.rawValue)
                           AND (email_key = \(identity.emailKey) OR mobile_key = \(identity.mobileKey)))
            """, as: Bool.self
        ).first ?? false
    }

    func earlierRequest(forIdempotencyKey key: String, in world: WorldID) async throws -> EarlierRequest? {
        try await guarded { [client, logger] in
            let found = try await client.query(
                """
                SELECT id, brand, request_fingerprint, password_hash, created_at FROM client
                WHERE world = \(world.rawValue) AND idempotency_key = \(key)
                """, logger: logger)
            for try await (id, brand, fingerprint, hash, created) in found.decode(
                (Int64, String, String?, String?, String).self)
            {
                return EarlierRequest(
                    clientID: id, brand: brand, fingerprint: fingerprint, passwordHash: hash,
                    createdAt: ISO8601DateFormatter().date(from: created))
            }
            return nil
        }
    }

    func reserveUsernames(_ usernames: [String], in world: WorldID) async throws {
        guard !usernames.isEmpty else { return }
        try await transaction { connection, logger in
            for username in usernames {
                try await connection.query(
                    """
                    INSERT INTO reserved_username (world, username_key) VALUES (\(world.rawValue), \(UsernameKey(username).rawValue))
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
        }
    }

    func addToRegister(_ people: [SelfExcludedPerson], in world: WorldID) async throws {
        guard !people.isEmpty else { return }
        try await transaction { connection, logger in
            for person in people {
                try await PostgresMigrator.addToRegister(person, in: world, on: connection, logger: logger)
            }
        }
    }

    func selfExclusionRegister(of world: WorldID) async throws -> [SelfExcludedPerson] {
        try await guarded { [client, logger] in
            var people: [SelfExcludedPerson] = []
            let found = try await client.query(
                """
                SELECT first_name, last_name, date_of_birth FROM self_excluded_person WHERE world = \(world.rawValue) ORDER BY id
                """, logger: logger)
            for try await (first, last, born) in found.decode((String, String, String).self) {
                guard let day = CalendarDay(iso: born) else { continue }
                people.append(SelfExcludedPerson(firstName: first, lastName: last, dateOfBirth: day))
            }
            return people
        }
    }

    func insert(_ newClient: NewClient) async throws -> Insertion {
        let fieldsJSON = try newClient.fieldsJSON
        let created = ISO8601DateFormatter().string(from: Date())
        let key = UsernameKey(newClient.username).rawValue
        let world = newClient.world.rawValue
        return try await transaction { connection, logger in
            let reserved =
                try await Self.first(
                    Bool.self,
                    connection.query(
                        """
                        SELECT EXISTS (SELECT 1 FROM reserved_username WHERE world = \(world) AND username_key = \(key))
                        """, logger: logger)) ?? false
            if reserved {
                return try await Self.existingRequest(newClient, on: connection, logger: logger).map(Insertion.replayed)
                    ?? .usernameTaken
            }
            let inserted = try await Self.first(
                Int64.self,
                connection.query(
                    """
                    INSERT INTO client (world, brand, username, username_key, fields, password_hash, idempotency_key, created_at,
                                        email_key, mobile_key, request_fingerprint)
                    VALUES (\(world), \(newClient.brand.rawValue), \(newClient.username), \(key), \(fieldsJSON), \(newClient.passwordHash),
                            \(newClient.idempotencyKey), \(created), \(newClient.identity.emailKey), \(newClient.identity.mobileKey),
                            \(newClient.fingerprint))
                    ON CONFLICT DO NOTHING
                    RETURNING id
                    """, logger: logger))
            guard let id = inserted else {
                if let earlier = try await Self.existingRequest(newClient, on: connection, logger: logger) {
                    return .replayed(earlier)
                }
                let taken =
                    try await Self.first(
                        Bool.self,
                        connection.query(
                            """
                            SELECT EXISTS (SELECT 1 FROM client WHERE world = \(world) AND brand = \(newClient.brand.rawValue) AND username_key = \(key))
                            """, logger: logger)) ?? false
                return taken ? .usernameTaken : .accountExists
            }
            try await connection.query("INSERT INTO account (client_id) VALUES (\(id))", logger: logger)
            return .created(id)
        }
    }

    private static func existingRequest(_ client: NewClient, on connection: PostgresConnection, logger: Logger)
        async throws -> Int64?
    {
        try await first(
            Int64.self,
            connection.query(
                """
                SELECT id FROM client WHERE world = \(client.world.rawValue) AND idempotency_key = \(client.idempotencyKey)
                """, logger: logger))
    }

    private static func first<Value: PostgresDecodable & Sendable>(_ type: Value.Type, _ rows: PostgresRowSequence)
        async throws -> Value?
    {
        for try await value in rows.decode(Value.self) { return value }
        return nil
    }

    func details(clientID id: Int64, in world: WorldID) async throws -> AccountDetails? {
        try await guarded { [client, logger] in
            let found = try await client.query(
                """
                SELECT account.balance, account.pending_bets_count, account.promotions_balance, account.nickname, account.avatar
                FROM account JOIN client ON client.id = account.client_id WHERE client_id = \(id) AND client.world = \(world.rawValue)
                """, logger: logger)
            for try await (balance, pending, promotions, nickname, avatar) in found.decode(
                (String, Int, Int, String?, String?).self)
            {
                return AccountDetails(
                    balance: balance, pendingBetsCount: pending, promotionsBalance: promotions,
                    socialProfile: nickname.map { AccountDetails.Profile(nickname: $0, avatar: avatar) })
            }
            return nil
        }
    }

    func setDetails(_ details: AccountDetails, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await !rows(
            """
            UPDATE account SET balance = \(details.balance), pending_bets_count = \(details.pendingBetsCount),
                               promotions_balance = \(details.promotionsBalance), nickname = \(details.socialProfile?.nickname),
                               avatar = \(details.socialProfile?.avatar)
            WHERE client_id = \(id) AND client_id IN (SELECT id FROM client WHERE world = \(world.rawValue))
            RETURNING TRUE
            """, as: Bool.self
        ).isEmpty
    }

    func betslipCount(clientID id: Int64, in world: WorldID) async throws -> Int? {
        try await rows(
            """
            SELECT betslip_count::BIGINT FROM account JOIN client ON client.id = account.client_id
            WHERE client_id = \(id) AND client.world = \(world.rawValue)
            """, as: Int64.self
        ).first.map(Int.init)
    }

    func registeredClients(in world: WorldID, limit: Int) async throws -> [RegisteredClient] {
        try await guarded { [client, logger] in
            let found = try await client.query(
                """
                SELECT id, brand, fields FROM client
                WHERE world = \(world.rawValue) AND request_fingerprint IS DISTINCT FROM 'seeded'
                ORDER BY id LIMIT \(limit)
                """, logger: logger)
            var clients: [RegisteredClient] = []
            for try await (id, brand, fields) in found.decode((Int64, String, String).self) {
                clients.append(RegisteredClient(id: id, brand: brand, fieldsJSON: fields))
            }
            return clients
        }
    }

    func setBetslipCount(_ count: Int, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await !rows(
            """
            UPDATE account SET betslip_count = \(count)
            WHERE client_id = \(id) AND client_id IN (SELECT id FROM client WHERE world = \(world.rawValue))
            RETURNING TRUE
            """, as: Bool.self
        ).isEmpty
    }

    // MARK: Worlds

    func createWorld(_ id: WorldID, owner: WorldOwner, caps: WorldCaps, now: Date) async throws -> WorldCreation {
        try await transaction { connection, logger in
            // One creation at a time across every instance, so the caps hold.
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresMigrator.worldCapLock))", logger: logger)
            let live =
                try await Self.first(
                    Int64.self,
                    connection.query(
                        "SELECT count(*) FROM world WHERE id <> '' AND NOT expired", logger: logger)) ?? 0
            guard live < caps.total else { return .full }
            let owned =
                try await Self.first(
                    Int64.self,
                    connection.query(
                        "SELECT count(*) FROM world WHERE id <> '' AND NOT expired AND owner = \(owner.rawValue)",
                        logger: logger)) ?? 0
            guard owned < caps.perOwner else { return .ownerFull(holding: Int(owned)) }
            try await connection.query(
                "INSERT INTO world (id, last_used_at, owner) VALUES (\(id.rawValue), \(now.storedSeconds), \(owner.rawValue))",
                logger: logger)
            return .created
        }
    }

    func useWorld(_ id: WorldID, now: Date, idleSince: Date) async throws -> WorldLookup {
        try await guarded { [client, logger] in
            let found =
                id == .standard
                ? try await client.query("SELECT today, faults, owner FROM world WHERE id = ''", logger: logger)
                : try await client.query(
                    """
                    UPDATE world SET last_used_at = \(now.storedSeconds)
                    WHERE id = \(id.rawValue) AND NOT expired AND last_used_at >= \(idleSince.storedSeconds)
                    RETURNING today, faults, owner
                    """, logger: logger)
            for try await (today, faults, owner) in found.decode((String?, String, String).self) {
                let specs = try JSONDecoder().decode([String].self, from: Data(faults.utf8))
                return .found(
                    StoredWorld(
                        today: today.flatMap(CalendarDay.init(iso:)), faults: specs, owner: WorldOwner(rawValue: owner))
                )
            }
            let known = try await Self.first(
                Bool.self, client.query("SELECT TRUE FROM world WHERE id = \(id.rawValue)", logger: logger))
            return known == nil ? .unknown : .expired
        }
    }

    func seedWorld(_ id: WorldID, today: CalendarDay?, faults: [String]) async throws {
        let faultsJSON = String(decoding: try JSONEncoder.sorted.encode(faults), as: UTF8.self)
        try await transaction { connection, logger in
            try await connection.query(
                "UPDATE world SET today = \(today?.description), faults = \(faultsJSON) WHERE id = \(id.rawValue)",
                logger: logger)
            try await connection.query("DELETE FROM fault_draw WHERE world = \(id.rawValue)", logger: logger)
        }
    }

    func drawFault(_ route: ServiceRoute, in id: WorldID) async throws -> UInt64 {
        let drawn = try await rows(
            """
            INSERT INTO fault_draw (world, route, draws) VALUES (\(id.rawValue), \(route.rawValue), 1)
            ON CONFLICT (world, route) DO UPDATE SET draws = fault_draw.draws + 1
            RETURNING draws - 1
            """, as: Int64.self)
        return UInt64(max(0, drawn.first ?? 0))
    }

    func deleteWorld(_ id: WorldID) async throws -> Bool {
        try await transaction { connection, logger in
            let deleted = try await Self.first(
                Bool.self,
                connection.query(
                    "DELETE FROM world WHERE id = \(id.rawValue) AND NOT expired RETURNING TRUE", logger: logger))
            guard deleted != nil else { return false }
            try await Self.deleteRows(of: [id], on: connection, logger: logger)
            return true
        }
    }

    func expireWorlds(idleSince: Date) async throws -> [WorldID] {
        try await transaction { connection, logger in
            var ids: [WorldID] = []
            let expired = try await connection.query(
                """
                UPDATE world SET expired = TRUE WHERE id <> '' AND NOT expired AND last_used_at < \(idleSince.storedSeconds) RETURNING id
                """, logger: logger)
            for try await id in expired.decode(String.self) { ids.append(WorldID(rawValue: id)) }
            try await Self.deleteRows(of: ids, on: connection, logger: logger)
            try await connection.query(
                "DELETE FROM world WHERE expired AND last_used_at < \(idleSince.storedSeconds - WorldLimits.expiryMemory)",
                logger: logger)
            return ids
        }
    }

    func worldCount() async throws -> Int {
        Int(try await rows("SELECT count(*) FROM world WHERE id <> '' AND NOT expired", as: Int64.self).first ?? 0)
    }

    private static func deleteRows(of worlds: [WorldID], on connection: PostgresConnection, logger: Logger) async throws
    {
        guard !worlds.isEmpty else { return }
        let ids = worlds.map(\.rawValue)
        for table in WorldTables.all {
            try await connection.query("DELETE FROM \(unescaped: table) WHERE world = ANY(\(ids))", logger: logger)
        }
    }
}

/// A PostgreSQL database that cannot be used at start-up, in one line.
struct PostgresOpenError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
