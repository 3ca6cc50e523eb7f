/// The sandbox's PostgreSQL schema: the SQLite schema's steps under the same
/// names, where PostgreSQL starts at the sixth (a PostgreSQL database never
/// held the earlier shapes). Applied in order, each once, recorded in
/// `livery_migrations`; a migration that has run is never edited.
enum PostgresSchema {
    /// The step that moves worlds into the database (both schemas).
    static let worldsMigration = "v7: worlds in the database, shared by every sandbox process"
    /// The step that binds each world to the seeding token it was made with (both schemas).
    static let ownersMigration = "v8: each world bound to the seeding token that made it"

    /// Every step, in order: a name and its statements.
    static let migrations: [(name: String, statements: [String])] = [
        (
            "v6: every row in a world",
            [
                """
                CREATE TABLE client (
                    id BIGSERIAL PRIMARY KEY,
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
                )
                """,
                "CREATE UNIQUE INDEX client_email ON client (world, brand, email_key) WHERE email_key IS NOT NULL",
                "CREATE UNIQUE INDEX client_mobile ON client (world, brand, mobile_key) WHERE mobile_key IS NOT NULL",
                "CREATE INDEX client_world ON client (world)",
                """
                CREATE TABLE account (
                    client_id BIGINT PRIMARY KEY REFERENCES client(id) ON DELETE CASCADE,
                    balance TEXT NOT NULL DEFAULT '0.00',
                    pending_bets_count INTEGER NOT NULL DEFAULT 0,
                    promotions_balance INTEGER NOT NULL DEFAULT 0,
                    nickname TEXT,
                    avatar TEXT,
                    betslip_count INTEGER NOT NULL DEFAULT 0
                )
                """,
                """
                CREATE TABLE reserved_username (
                    world TEXT NOT NULL DEFAULT '',
                    username_key TEXT NOT NULL,
                    PRIMARY KEY (world, username_key)
                )
                """,
                """
                CREATE TABLE self_excluded_person (
                    id BIGSERIAL PRIMARY KEY,
                    world TEXT NOT NULL DEFAULT '',
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    date_of_birth TEXT NOT NULL
                )
                """,
                "CREATE INDEX self_excluded_world ON self_excluded_person (world)",
            ]
        ),
        (
            worldsMigration,
            [
                """
                CREATE TABLE world (
                    id TEXT PRIMARY KEY,
                    today TEXT,
                    faults TEXT NOT NULL DEFAULT '[]',
                    last_used_at DOUBLE PRECISION NOT NULL DEFAULT 0,
                    expired BOOLEAN NOT NULL DEFAULT FALSE
                )
                """,
                "INSERT INTO world (id) VALUES ('')",
                """
                CREATE TABLE fault_draw (
                    world TEXT NOT NULL,
                    route TEXT NOT NULL,
                    draws BIGINT NOT NULL,
                    PRIMARY KEY (world, route)
                )
                """,
            ]
        ),
        (ownersMigration, ["ALTER TABLE world ADD COLUMN owner TEXT NOT NULL DEFAULT ''"]),
    ]
}
