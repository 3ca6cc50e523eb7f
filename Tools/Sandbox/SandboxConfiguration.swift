import Foundation
import LiveryComposition
import ServerConnections

/// Where the sandbox listens, where it keeps its data and which faults it injects.
public struct SandboxConfiguration: Sendable {
    /// The address to bind; loopback by default so the sandbox is never reachable from other machines.
    public var host: String
    /// The port to bind; `0` picks any free port (tests read the bound one from ``RunningSandbox/port``).
    public var port: Int
    /// The SQLite file; created and migrated when missing, reopened as it is otherwise.
    public var databasePath: String
    /// Per-route errors and added latency (none by default).
    public var faults: FaultPlan
    /// How costly password hashing is (scrypt's CPU/memory parameter is `2^costExponent`).
    public var passwordCost: PasswordHasher.Cost
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
    /// loopback peers only), and requests may name a world; off by default,
    /// so a shared sandbox cannot be reseeded by accident.
    public var allowsSeeding: Bool
    /// How many worlds the sandbox holds and how long one lives unused.
    public var worlds: WorldLimits

    /// A configuration: `127.0.0.1:8080`, no faults, 64 KiB bodies, the
    /// default ``ConnectionLimits``, no seeding, the default ``WorldLimits``.
    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String, faults: FaultPlan = FaultPlan(),
                passwordCost: PasswordHasher.Cost = .standard, hashingThreads: Int = SandboxConfiguration.defaultHashingThreads,
                maxBodyBytes: Int = 64 * 1024, connections: ConnectionLimits = ConnectionLimits(), allowsSeeding: Bool = false,
                worlds: WorldLimits = WorldLimits()) {
        self.connections = connections
        self.worlds = worlds
        self.hashingThreads = hashingThreads
        self.allowsSeeding = allowsSeeding
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.faults = faults
        self.passwordCost = passwordCost
        self.maxBodyBytes = maxBodyBytes
    }

    /// One fewer than the machine's active cores, at least one.
    public static var defaultHashingThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// The database `livery sandbox` uses unless told otherwise, the same from
    /// any directory: `$XDG_STATE_HOME/livery/sandbox.sqlite`, or
    /// `~/.local/state/livery/sandbox.sqlite` when `XDG_STATE_HOME` is not set.
    public static func defaultDatabasePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state").path
        return URL(fileURLWithPath: state).appendingPathComponent("livery/sandbox.sqlite").path
    }
}
