import Foundation
import LiveryComposition
import ServerConnections
import ServerInputs

/// Where the sandbox listens, where it keeps its data and which faults it injects.
public struct SandboxConfiguration: Sendable {
    /// The address to bind; loopback by default so the sandbox is never reachable from other machines.
    public var host: String
    /// The port to bind; `0` picks any free port (tests read the bound one from ``RunningSandbox/port``).
    public var port: Int
    /// Where the data lives: a SQLite file (created and migrated when
    /// missing) or a PostgreSQL database (migrated on start) that several
    /// sandbox processes may share.
    public var database: SandboxDatabase
    /// Per-route errors and added latency (none by default).
    public var faults: FaultPlan
    /// How costly password hashing is (scrypt's CPU/memory parameter is
    /// `2^exponent`): ``PasswordHasher/Cost/sandbox`` by default, since a
    /// sandbox holds no real passwords; ``PasswordHasher/Cost/production`` is one flag away.
    public var passwordCost: PasswordHasher.Cost
    /// How long requests in flight may take to finish once SIGTERM or
    /// SIGINT arrives (new connections are refused at once); after it they are cancelled.
    public var drain: Duration
    /// How many passwords are hashed at once, on threads of their own (by
    /// default one fewer than the machine's cores, at least one); more
    /// registrations wait their turn while other requests are answered.
    /// `0` hashes on the request-handling threads themselves — the design
    /// that stalled every other request under load, kept only as the load
    /// benchmark's baseline.
    public var hashingThreads: Int
    /// The largest request body accepted; larger ones are answered 413.
    public var maxBodyBytes: Int
    /// When idle, slow or surplus connections are closed.
    public var connections: ConnectionLimits
    /// Whether `POST /sandbox/seed` and the world routes are served (to
    /// loopback peers only, unless ``seedingTokens`` are set), and requests
    /// may name a world; off by default, so a shared sandbox cannot be
    /// reseeded by accident.
    public var allowsSeeding: Bool
    /// How many worlds the sandbox holds and how long one lives unused.
    public var worlds: WorldLimits
    /// The bearer tokens the account and address API accept; when there
    /// are any, a request without one of them is answered 401 (none are
    /// asked for by default). For trying an app's token refresh.
    public var accessTokens: Set<String> = []
    /// The secrets that let a peer on any machine make, seed and delete
    /// worlds (sent as `Livery-Seeding-Token`); with any set, every peer
    /// must send one, this machine's too. Each world is bound to the token
    /// it was made with. None by default: seeding is for this machine only.
    public var seedingTokens: Set<String> = []
    /// The certificate and key to serve HTTPS with; plain HTTP when `nil`.
    public var tls: SandboxTLS?
    /// A regular file every request and its answer are appended to as JSON
    /// lines (passwords never written), for checking traffic against the
    /// contract; by default the file the `LIVERY_CONTRACT_EXCHANGES`
    /// environment variable names, else none. The sandbox does not start when
    /// it is not a regular file; once serving, a failed write or the file
    /// reaching ``exchangeRecordLimit`` stops the recording, never the sandbox.
    public var exchangeRecord: String? = SandboxConfiguration.exchangeRecordFromEnvironment()

    /// The most bytes the exchange record grows to (256 MiB); past it, recording stops.
    public var exchangeRecordLimit: Int = ExchangeFile.defaultMaxBytes

    /// The file `LIVERY_CONTRACT_EXCHANGES` names, if any.
    public static func exchangeRecordFromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        environment["LIVERY_CONTRACT_EXCHANGES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `https` when the sandbox serves TLS, else `http`.
    public var scheme: String { tls == nil ? "http" : "https" }

    /// Whether ``host`` is a loopback address (`127.0.0.0/8`, `::1` or `localhost`), reachable from this machine only.
    public var isLoopbackOnly: Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Why this configuration may not be served, if it may not: seeding
    /// allowed on an address other machines reach, with no seeding token to
    /// keep them out.
    public var refusal: String? {
        guard allowsSeeding, !isLoopbackOnly, seedingTokens.isEmpty else { return nil }
        return "--allow-seeding on \(host), which other machines reach, needs a seeding token "
            + "(--seeding-token or LIVERY_SANDBOX_SEEDING_TOKENS); without one, anyone who reaches it could seed"
    }

    /// What to warn of once at start, if anything: tokens crossing the network in clear.
    public var warning: String? {
        guard tls == nil, !isLoopbackOnly else { return nil }
        return "serving plain HTTP on \(host), which other machines reach: seeding and access tokens cross "
            + "the network in clear (serve HTTPS with --tls-certificate and --tls-key, or behind a TLS proxy)"
    }

    /// A configuration: `127.0.0.1:8080`, no faults, the sandbox hashing
    /// cost, 64 KiB bodies, the default `ConnectionLimits`, no seeding, the
    /// default ``WorldLimits``, 10 s to drain.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, database: SandboxDatabase, faults: FaultPlan = FaultPlan(),
        passwordCost: PasswordHasher.Cost = .sandbox, hashingThreads: Int = SandboxConfiguration.defaultHashingThreads,
        maxBodyBytes: Int = 64 * 1024, connections: ConnectionLimits = ConnectionLimits(), allowsSeeding: Bool = false,
        worlds: WorldLimits = WorldLimits(), drain: Duration = .seconds(10)
    ) {
        self.drain = drain
        self.connections = connections
        self.worlds = worlds
        self.hashingThreads = hashingThreads
        self.allowsSeeding = allowsSeeding
        self.host = host
        self.port = port
        self.database = database
        self.faults = faults
        self.passwordCost = passwordCost
        self.maxBodyBytes = maxBodyBytes
    }

    /// A configuration over the SQLite file at `databasePath` (see ``init(host:port:database:faults:passwordCost:hashingThreads:maxBodyBytes:connections:allowsSeeding:worlds:drain:)``).
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String, faults: FaultPlan = FaultPlan(),
        passwordCost: PasswordHasher.Cost = .sandbox, hashingThreads: Int = SandboxConfiguration.defaultHashingThreads,
        maxBodyBytes: Int = 64 * 1024, connections: ConnectionLimits = ConnectionLimits(), allowsSeeding: Bool = false,
        worlds: WorldLimits = WorldLimits(), drain: Duration = .seconds(10)
    ) {
        self.init(
            host: host, port: port, database: .sqlite(path: databasePath), faults: faults, passwordCost: passwordCost,
            hashingThreads: hashingThreads, maxBodyBytes: maxBodyBytes, connections: connections,
            allowsSeeding: allowsSeeding,
            worlds: worlds, drain: drain)
    }

    /// One fewer than the machine's active cores, at least one.
    public static var defaultHashingThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// The database `livery sandbox` uses unless told otherwise, the same from
    /// any directory: `$XDG_STATE_HOME/livery/sandbox.sqlite`, or
    /// `~/.local/state/livery/sandbox.sqlite` when `XDG_STATE_HOME` is not set.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state").path
        return URL(fileURLWithPath: state).appendingPathComponent("livery/sandbox.sqlite").path
    }
}
