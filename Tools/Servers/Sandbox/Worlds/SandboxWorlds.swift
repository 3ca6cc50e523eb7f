import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire

/// A world's id: 32 hexadecimal digits, or empty for the default world.
struct WorldID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    /// The world of requests that name none: what an app talking to the sandbox uses.
    static let standard = WorldID(rawValue: "")

    /// A new, unguessable id.
    static func fresh() -> WorldID {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<2).map { _ -> String in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }
        return WorldID(rawValue: words.joined())
    }

    var description: String { rawValue.isEmpty ? "the default world" : "world \(rawValue)" }
}

/// How many worlds a sandbox holds and how long one lives unused.
public struct WorldLimits: Sendable, Equatable {
    /// The most worlds held at once (the default world not counted); one
    /// more is refused with 429 `world.limit`.
    public var maxWorlds: Int
    /// How long a world may go without a request before it is deleted.
    public var idleTimeout: Duration

    /// 256 worlds, each deleted after 10 minutes unused.
    public init(maxWorlds: Int = 256, idleTimeout: Duration = .seconds(600)) {
        self.maxWorlds = maxWorlds
        self.idleTimeout = idleTimeout
    }

    /// How long an expired world is remembered (to answer 410 rather than 404), in seconds: a day.
    static let expiryMemory: Double = 24 * 60 * 60

    /// The caps on a sandbox with `tokens` seeding tokens: ``maxWorlds`` in
    /// all, and each token its even share of them (at least one), so that no
    /// one run can take every world from the others. Without tokens every
    /// world is this machine's, and it may hold them all.
    func caps(seedingTokens tokens: Int) -> WorldCaps {
        WorldCaps(total: maxWorlds, perOwner: max(1, maxWorlds / max(1, tokens)))
    }
}

/// How many worlds may be held: in all, and by one owner (one seeding token).
struct WorldCaps: Sendable, Equatable {
    let total: Int
    let perOwner: Int
}

/// Whether a world was made, or which cap refused it.
enum WorldCreation: Sendable, Equatable {
    case created
    /// The sandbox holds ``WorldCaps/total`` worlds.
    case full
    /// The owner holds its share already.
    case ownerFull(holding: Int)
}

/// A world as one request meets it: its id, the day a seed set and the
/// faults in force (the sandbox's start-up plan, overridden route by route
/// by the world's latest seed).
struct SandboxWorld: Sendable {
    let id: WorldID
    let today: CalendarDay?
    let faults: FaultPlan
    /// Who made it (for the default world, nobody in particular).
    var owner: WorldOwner = .thisMachine
}

/// The worlds a sandbox serves, kept in its database so that every sandbox
/// process on that database serves each of them alike. Each world keeps
/// apart what one run sets up: its clients, usernames, existing accounts,
/// idempotency keys, self-exclusion register, day and faults. Requests that
/// name no world use the default world, which is what the sandbox was
/// before worlds: an app sees no change.
struct SandboxWorlds: Sendable {
    let storage: any SandboxStorage
    let limits: WorldLimits
    /// The caps in force: ``limits``' total, shared between the seeding tokens.
    let caps: WorldCaps
    /// The faults the sandbox was started with, under every world's own.
    let plan: FaultPlan

    /// The worlds kept in `storage` within `limits`: `caps` in force (by
    /// default those of a sandbox without seeding tokens), `plan` under every world's faults.
    init(storage: any SandboxStorage, limits: WorldLimits, caps: WorldCaps? = nil, plan: FaultPlan) {
        self.storage = storage
        self.limits = limits
        self.caps = caps ?? limits.caps(seedingTokens: 0)
        self.plan = plan
    }

    /// The default world as it is before any seed: no day of its own, the start-up faults.
    var unseededStandard: SandboxWorld { SandboxWorld(id: .standard, today: nil, faults: plan) }

    /// World `id` as it stands, its idle time restarted at `now`.
    /// - Throws: 404 `world.unknown`, or 410 `world.expired` for one deleted for being idle.
    func world(_ id: WorldID, now: Date = Date()) async throws -> SandboxWorld {
        switch try await storage.useWorld(id, now: now, idleSince: now.addingTimeInterval(-limits.idleTimeout.seconds))
        {
        case .found(let stored):
            let seeded = (try? FaultPlan.parse(faults: stored.faults)) ?? FaultPlan()
            return SandboxWorld(id: id, today: stored.today, faults: plan.overridden(by: seeded), owner: stored.owner)
        case .expired:
            throw APIError(
                .gone, code: .worldExpired,
                message: "\(id) was deleted after \(limits.idleTimeout) without a request; create a new one")
        case .unknown:
            throw APIError(
                .notFound, code: .worldUnknown, message: "there is no \(id) (created with POST /sandbox/worlds?)")
        }
    }

    /// A new world of `owner`'s with the sample usernames and register,
    /// unless the sandbox holds as many as it may, or `owner` its share.
    /// - Throws: 429 `world.limit`.
    func create(for owner: WorldOwner, now: Date = Date()) async throws -> WorldID {
        let id = WorldID.fresh()
        let advice =
            "delete one (DELETE /sandbox/worlds/<id>) or wait for idle ones to expire after \(limits.idleTimeout)"
        switch try await storage.createWorld(id, owner: owner, caps: caps, now: now) {
        case .created:
            try await storage.startWorld(id)
            return id
        case .full:
            throw APIError(
                .tooManyRequests, code: .worldLimit,
                message: "the sandbox holds \(caps.total) worlds, as many as it may; \(advice)")
        case .ownerFull(let holding):
            throw APIError(
                .tooManyRequests, code: .worldLimit,
                message: "this seeding token holds \(holding) worlds, its share of the sandbox's \(caps.total) "
                    + "(shared evenly between its seeding tokens); \(advice)")
        }
    }

    /// Deletes world `id` and everything it held, when `owner` made it.
    /// - Throws: 404 `world.unknown`, 410 `world.expired`, 403 `world.forbidden`.
    func delete(_ id: WorldID, by owner: WorldOwner, now: Date = Date()) async throws {
        try SeedingGate.check(owner, mayChange: try await world(id, now: now))
        guard try await storage.deleteWorld(id) else {
            _ = try await world(id, now: now)
            throw APIError(.notFound, code: .worldUnknown, message: "there is no \(id)")
        }
    }

    /// Deletes the worlds idle for longer than the limit, rows and all: their ids.
    func sweep(now: Date = Date()) async throws -> [WorldID] {
        try await storage.expireWorlds(idleSince: now.addingTimeInterval(-limits.idleTimeout.seconds))
    }

    /// Sets `world`'s day and faults (its fault draws start again).
    func seed(_ world: WorldID, today: CalendarDay?, faults: FaultPlan) async throws {
        try await storage.seedWorld(world, today: today, faults: faults.specs)
    }

    /// What this call of `route` meets in `world`: its added latency and,
    /// when it is one that fails, how. Calls whose failure depends on a count
    /// (by chance, or the first alone) are counted in the database, so a world's calls draw in one sequence
    /// whichever sandbox process answers them.
    func draw(_ route: ServiceRoute, in world: SandboxWorld) async throws -> (
        latency: Duration?, failure: FaultPlan.Outcome?
    ) {
        let draw = world.faults.dependsOnCount(route) ? try await storage.drawFault(route, in: world.id) : 0
        return (world.faults.latencies[route], world.faults.failure(of: route, draw: draw))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
