import BrandDeclarations
import Foundation
import GRDB
import JoinFormFeature
import LiveryComposition

/// The sandbox's SQLite schema, as GRDB migrations. A migration that has
/// run is never edited; changes are new migrations appended here, and the
/// same step is appended to ``PostgresSchema`` under the same name.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        let markets = (try? MarketCatalogue.shipped()).map { $0.codes.compactMap($0.market(code:)) } ?? []
        migrator.registerMigration("v1: clients, accounts, reserved usernames, self-exclusion register") { db in
            try db.execute(
                sql: """
                    CREATE TABLE client (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        brand TEXT NOT NULL,
                        username TEXT NOT NULL,
                        username_key TEXT NOT NULL,
                        fields TEXT NOT NULL,
                        password_hash TEXT,
                        idempotency_key TEXT NOT NULL UNIQUE,
                        created_at TEXT NOT NULL,
                        UNIQUE (brand, username_key)
                    );
                    CREATE TABLE account (
                        client_id INTEGER PRIMARY KEY REFERENCES client(id) ON DELETE CASCADE,
                        balance TEXT NOT NULL DEFAULT '0.00',
                        pending_bets_count INTEGER NOT NULL DEFAULT 0,
                        promotions_balance INTEGER NOT NULL DEFAULT 0,
                        nickname TEXT,
                        avatar TEXT,
                        betslip_count INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE reserved_username (
                        username_key TEXT PRIMARY KEY
                    );
                    CREATE TABLE self_excluded_person (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        first_name TEXT NOT NULL,
                        last_name TEXT NOT NULL,
                        date_of_birth TEXT NOT NULL
                    );
                    """)
            for username in EmbeddedWorld.sampleTakenUsernames.sorted() {
                try db.execute(
                    sql: "INSERT INTO reserved_username (username_key) VALUES (?)", arguments: [username.lowercased()])
            }
            for person in EmbeddedWorld.sampleRegister {
                try db.execute(
                    sql: "INSERT INTO self_excluded_person (first_name, last_name, date_of_birth) VALUES (?, ?, ?)",
                    arguments: [person.firstName, person.lastName, person.dateOfBirth.description])
            }
        }
        migrator.registerMigration("v2: clients told by email and mobile") { db in
            try db.execute(
                sql: """
                    ALTER TABLE client ADD COLUMN email_key TEXT;
                    ALTER TABLE client ADD COLUMN mobile_key TEXT;
                    CREATE INDEX client_email ON client (brand, email_key);
                    CREATE INDEX client_mobile ON client (brand, mobile_key);
                    """)
            let rows = try Row.fetchAll(db, sql: "SELECT id, fields FROM client")
            for row in rows {
                let fields =
                    (try? JSONDecoder().decode([String: String].self, from: Data((row["fields"] as String).utf8)))
                    ?? [:]
                // Rows of this age name no market: the first shipped one whose plan reads the mobile number.
                let identity =
                    markets.lazy.map { AccountIdentity(email: fields["email"], mobile: fields["mobile"], in: $0) }
                    .first { $0.mobileKey != nil }
                let emailKey = fields["email"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
                try db.execute(
                    sql: "UPDATE client SET email_key = ?, mobile_key = ? WHERE id = ?",
                    arguments: [identity?.emailKey ?? emailKey, identity?.mobileKey, row["id"] as Int64])
            }
        }
        migrator.registerMigration("v3: an idempotency key bound to its request") { db in
            // The SHA-256 of the brand and the non-secret fields; rows from before have none.
            try db.execute(sql: "ALTER TABLE client ADD COLUMN request_fingerprint TEXT")
        }
        migrator.registerMigration("v4: usernames told apart by their look-alike key") { db in
            // Names stored before keep working: where two existing names now
            // share a key, the later one keeps its old key (OR IGNORE), and
            // only new names are held to the look-alike rule.
            for row in try Row.fetchAll(db, sql: "SELECT id, username FROM client ORDER BY id") {
                try db.execute(
                    sql: "UPDATE OR IGNORE client SET username_key = ? WHERE id = ?",
                    arguments: [UsernameKey(row["username"] as String).rawValue, row["id"] as Int64])
            }
            for key in try String.fetchAll(db, sql: "SELECT username_key FROM reserved_username") {
                try db.execute(
                    sql: "UPDATE OR IGNORE reserved_username SET username_key = ? WHERE username_key = ?",
                    arguments: [UsernameKey(key).rawValue, key])
            }
        }
        migrator.registerMigration("v5: one client per email and per mobile number of a brand") { db in
            // Earlier versions checked for an existing account before writing,
            // so concurrent sign-ups could store one person twice. Every row is
            // kept; where rows already share an email or a mobile number, only
            // the earliest keeps it as its key, so the unique indexes can hold.
            for column in ["email_key", "mobile_key"] {
                try db.execute(
                    sql: """
                        UPDATE client SET \(column) = NULL
                        WHERE \(column) IS NOT NULL AND EXISTS (
                            SELECT 1 FROM client AS earlier
                            WHERE earlier.brand = client.brand AND earlier.\(column) = client.\(column) AND earlier.id < client.id)
                        """)
            }
            try db.execute(
                sql: """
                    DROP INDEX client_email;
                    DROP INDEX client_mobile;
                    CREATE UNIQUE INDEX client_email ON client (brand, email_key) WHERE email_key IS NOT NULL;
                    CREATE UNIQUE INDEX client_mobile ON client (brand, mobile_key) WHERE mobile_key IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v6: every row in a world", foreignKeyChecks: .deferred) { db in
            // Rows from before belong to the default world (''). The unique keys become unique per world,
            // so two worlds may hold the same person, username or idempotency key.
            try db.execute(
                sql: """
                    CREATE TABLE client_v6 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        world TEXT NOT NULL DEFAULT '',
                        brand TEXT NOT NULL,
                        username TEXT NOT NULL,
                        username_key TEXT NOT NULL,
                        fields TEXT NOT NULL,
                        password_hash TEXT,
                        idempotency_key TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        email_key TEXT,
                        mobile_key TEXT,
                        request_fingerprint TEXT,
                        UNIQUE (world, brand, username_key),
                        UNIQUE (world, idempotency_key)
                    );
                    INSERT INTO client_v6 (id, world, brand, username, username_key, fields, password_hash, idempotency_key,
                                           created_at, email_key, mobile_key, request_fingerprint)
                        SELECT id, '', brand, username, username_key, fields, password_hash, idempotency_key,
                               created_at, email_key, mobile_key, request_fingerprint FROM client;
                    DROP TABLE client;
                    ALTER TABLE client_v6 RENAME TO client;
                    CREATE UNIQUE INDEX client_email ON client (world, brand, email_key) WHERE email_key IS NOT NULL;
                    CREATE UNIQUE INDEX client_mobile ON client (world, brand, mobile_key) WHERE mobile_key IS NOT NULL;
                    CREATE INDEX client_world ON client (world);

                    CREATE TABLE reserved_username_v6 (
                        world TEXT NOT NULL DEFAULT '',
                        username_key TEXT NOT NULL,
                        PRIMARY KEY (world, username_key)
                    );
                    INSERT INTO reserved_username_v6 (world, username_key) SELECT '', username_key FROM reserved_username;
                    DROP TABLE reserved_username;
                    ALTER TABLE reserved_username_v6 RENAME TO reserved_username;

                    ALTER TABLE self_excluded_person ADD COLUMN world TEXT NOT NULL DEFAULT '';
                    CREATE INDEX self_excluded_world ON self_excluded_person (world);
                    """)
        }
        migrator.registerMigration(PostgresSchema.worldsMigration) { db in
            // Worlds lived in one process's memory before: rows of worlds from then are no world's now.
            for table in ["client", "reserved_username", "self_excluded_person"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE world <> ''")
            }
            try db.execute(
                sql: """
                    CREATE TABLE world (
                        id TEXT PRIMARY KEY,
                        today TEXT,
                        faults TEXT NOT NULL DEFAULT '[]',
                        last_used_at REAL NOT NULL DEFAULT 0,
                        expired INTEGER NOT NULL DEFAULT 0
                    );
                    INSERT INTO world (id) VALUES ('');
                    CREATE TABLE fault_draw (
                        world TEXT NOT NULL,
                        route TEXT NOT NULL,
                        draws INTEGER NOT NULL,
                        PRIMARY KEY (world, route)
                    );
                    """)
        }
        migrator.registerMigration(PostgresSchema.ownersMigration) { db in
            try db.execute(sql: "ALTER TABLE world ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
        }
        return migrator
    }
}
