import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import Logging
import NIOSSL
import PostgresNIO
import ServerInputs

/// Applies ``PostgresSchema`` on one connection, one sandbox at a time.
enum PostgresMigrator {
    /// The advisory lock that lets one sandbox migrate while the others wait.
    static let migrationLock: Int64 = 0x4C69_7665_7279_0001
    /// The advisory lock that makes world creation one at a time, so the cap holds across instances.
    static let worldCapLock: Int64 = 0x4C69_7665_7279_0002

    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS livery_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
                logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM livery_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            let known = Set(PostgresSchema.migrations.map(\.name))
            if let unknown = applied.subtracting(known).sorted().first {
                throw PostgresOpenError(SchemaTooNew(migration: unknown).description)
            }
            for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                if migration.name == PostgresSchema.migrations[0].name {
                    try await startDefaultWorld(on: connection, logger: logger)
                }
                try await connection.query(
                    """
                    INSERT INTO livery_migrations (name, applied_at) VALUES (\(migration.name), \(ISO8601DateFormatter().string(from: Date())))
                    """, logger: logger)
            }
        }
    }

    /// The default world starts with the sample taken usernames and register, as the embedded world does.
    private static func startDefaultWorld(on connection: PostgresConnection, logger: Logger) async throws {
        for username in EmbeddedWorld.sampleTakenUsernames.sorted() {
            try await connection.query(
                """
                INSERT INTO reserved_username (world, username_key) VALUES ('', \(UsernameKey(username).rawValue)) ON CONFLICT DO NOTHING
                """, logger: logger)
        }
        for person in EmbeddedWorld.sampleRegister {
            try await addToRegister(person, in: .standard, on: connection, logger: logger)
        }
    }

    static func addToRegister(
        _ person: SelfExcludedPerson, in world: WorldID, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        let born = person.dateOfBirth.description
        try await connection.query(
            """
            INSERT INTO self_excluded_person (world, first_name, last_name, date_of_birth)
            SELECT \(world.rawValue), \(person.firstName), \(person.lastName), \(born)
            WHERE NOT EXISTS (SELECT 1 FROM self_excluded_person WHERE world = \(world.rawValue) AND first_name = \(person.firstName)
                              AND last_name = \(person.lastName) AND date_of_birth = \(born))
            """, logger: logger)
    }
}
