import Foundation

/// Which database a sandbox keeps its data in: a SQLite file (one process)
/// or a PostgreSQL database (any number of sandbox processes sharing it).
public enum SandboxDatabase: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file, created and migrated when missing.
    case sqlite(path: String)
    /// A PostgreSQL server, migrated on start.
    case postgres(PostgresLocation)

    /// Reads `--database`: `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]`
    /// (`postgresql://` too), or a SQLite file's path.
    /// - Throws: ``SandboxDatabaseError`` naming what does not parse.
    public static func parse(_ text: String) throws(SandboxDatabaseError) -> SandboxDatabase {
        guard text.utf8.count <= 2048 else { throw SandboxDatabaseError("the database is longer than 2048 bytes") }
        guard !text.isEmpty else {
            throw SandboxDatabaseError("the database is empty: give a SQLite file or a postgres:// URL")
        }
        guard let schemeEnd = text.range(of: "://") else { return .sqlite(path: text) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw SandboxDatabaseError(
                "'\(scheme)://' is not a database this sandbox speaks: give a SQLite file or a postgres:// URL")
        }
        return .postgres(try PostgresLocation(url: text))
    }

    /// The database for messages and logs: a file's path, or the URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let location): location.description
        }
    }
}

/// Where a PostgreSQL database is and how to log in to it.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    /// Never printed: ``description`` leaves it out.
    public var password: String?
    public var database: String
    /// Whether the connection is encrypted: `disable`, `prefer` (the default: TLS where the server offers it) or `require`.
    public var tls: TLSMode

    /// How a connection uses TLS.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
    }

    /// Parses a `postgres://` URL.
    /// - Throws: ``SandboxDatabaseError`` naming the part that is wrong.
    public init(url text: String) throws(SandboxDatabaseError) {
        guard let components = URLComponents(string: text) else {
            throw SandboxDatabaseError(
                "'\(Self.redacted(text))' is not a URL (expected postgres://user@host:port/database)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw SandboxDatabaseError(
                "'\(Self.redacted(text))' names no host (expected postgres://user@host:port/database)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw SandboxDatabaseError(
                "'\(Self.redacted(text))' names no user (expected postgres://user@host:port/database)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw SandboxDatabaseError("the port \(port) is not 1…65535") }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else { throw SandboxDatabaseError("'\(path)' is not a database name") }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw SandboxDatabaseError(
                    "the URL's '\(item.name)' is not understood (only sslmode=disable|prefer|require)")
            }
            guard let mode = TLSMode(rawValue: item.value ?? "") else {
                throw SandboxDatabaseError("sslmode '\(item.value ?? "")' is not disable, prefer or require")
            }
            tls = mode
        }
        self.host = host
        self.port = port
        username = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        database = path.isEmpty ? username : (path.removingPercentEncoding ?? path)
        self.tls = tls
    }

    /// The URL without the password.
    public var description: String {
        "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }

    /// `text` with anything between `://user:` and `@` hidden.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "***" + text[at...]
    }
}

/// A `--database` value that cannot be used, and why.
public struct SandboxDatabaseError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
