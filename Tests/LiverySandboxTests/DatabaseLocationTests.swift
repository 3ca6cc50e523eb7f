import ServerInputs
import Testing

/// `--database`: a SQLite path or a PostgreSQL URL, read strictly and printed without its password.
@Suite("the database a sandbox is given")
struct DatabaseLocationTests {
    @Test("a postgres:// URL gives host, port, user, password, database and TLS; printed, the password is hidden")
    func postgresURL() throws {
        let database = try SandboxDatabase.parse("postgresql://team:s%40cret@db.internal:6543/sandbox?sslmode=require")
        guard case .postgres(let location) = database else {
            Issue.record("not PostgreSQL: \(database)")
            return
        }
        #expect(location.host == "db.internal" && location.port == 6543 && location.username == "team")
        #expect(location.password == "s@cret" && location.database == "sandbox" && location.tls == .require)
        #expect(database.description == "postgres://team:***@db.internal:6543/sandbox")
        guard case .postgres(let plain) = try SandboxDatabase.parse("postgres://livery@127.0.0.1/") else { return }
        #expect(plain.port == 5432 && plain.database == "livery" && plain.password == nil && plain.tls == .prefer)
        #expect(try SandboxDatabase.parse("/tmp/sandbox.sqlite") == .sqlite(path: "/tmp/sandbox.sqlite"))
    }

    @Test(
        "what does not parse is refused naming the part, never echoing a password",
        arguments: [
            ("postgres://", "no host"), ("postgres://db.internal/x", "no user"), ("mysql://a@b/c", "mysql://"),
            ("postgres://a:topsecret@h:99999/x", "not 1…65535"), ("postgres://a@h/x?sslmode=maybe", "sslmode 'maybe'"),
            ("postgres://a@h/x?user=b", "'user' is not understood"), ("", "empty"),
            ("postgres://a@h/x/y", "not a database name"), (String(repeating: "a", count: 3000), "longer than 2048"),
        ])
    func refused(text: String, expected: String) {
        #expect { _ = try SandboxDatabase.parse(text) } throws: { error in
            "\(error)".contains(expected) && !"\(error)".contains("topsecret")
        }
    }
}
