import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

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
}

/// The worlds a sandbox holds. Each keeps apart what one run sets up: its
/// clients, usernames, existing accounts and idempotency keys (rows of the
/// store, tagged with the world), and here its day, its self-exclusion
/// register and its faults. Requests that name no world use the default
/// world, which is what the sandbox was before worlds: an app sees no change.
final class SandboxWorlds: @unchecked Sendable {
    // @unchecked: `worlds`, `expired` and every world's mutable state are only touched under `lock`.

    /// One world's state outside the database.
    final class World: @unchecked Sendable {
        let id: WorldID
        /// Its faults: the sandbox's start-up plan, overridden by the world's seed.
        let faults: FaultInjector
        fileprivate var seededToday: CalendarDay?
        fileprivate var entries: [SelfExcludedPerson]
        fileprivate var lastUsed: ContinuousClock.Instant
        private let lock: NSLock

        fileprivate init(id: WorldID, plan: FaultPlan, register: [SelfExcludedPerson], lock: NSLock) {
            self.id = id
            faults = FaultInjector(plan: plan)
            entries = register
            lastUsed = .now
            self.lock = lock
        }

        /// The day a seed set, if any.
        var today: CalendarDay? {
            get { lock.withLock { seededToday } }
            set { lock.withLock { seededToday = newValue } }
        }

        /// The people on the world's self-exclusion register.
        var register: [SelfExcludedPerson] { lock.withLock { entries } }

        /// Adds people to the register (each once).
        func addToRegister(_ people: [SelfExcludedPerson]) {
            lock.withLock {
                for person in people where !entries.contains(person) { entries.append(person) }
            }
        }
    }

    let limits: WorldLimits
    /// The world of requests that name none.
    let standard: World
    private let lock = NSLock()
    private let plan: FaultPlan
    private var worlds: [WorldID: World] = [:]
    /// Worlds deleted for being idle, newest last (at most ``rememberedExpiries``), to tell them from unknown ones.
    private var expired: [WorldID] = []
    private static let rememberedExpiries = 1024

    /// The default world with `register`, the start-up fault `plan`
    /// underneath every world's own, within `limits`.
    init(register: [SelfExcludedPerson], plan: FaultPlan, limits: WorldLimits) {
        self.limits = limits
        self.plan = plan
        standard = World(id: .standard, plan: plan, register: register, lock: lock)
    }

    /// The world `id` names, its idle time restarted.
    /// - Throws: 404 `world.unknown`, or 410 `world.expired` for one deleted for being idle.
    func world(_ id: WorldID, at now: ContinuousClock.Instant = .now) throws(APIError) -> World {
        if id == .standard { return standard }
        let found: World? = lock.withLock {
            guard let world = worlds[id] else { return nil }
            guard world.lastUsed.duration(to: now) <= limits.idleTimeout else { return nil }
            world.lastUsed = now
            return world
        }
        if let found { return found }
        if lock.withLock({ expired.contains(id) || worlds[id] != nil }) {
            throw APIError(.gone, code: "world.expired",
                           message: "\(id) was deleted after \(limits.idleTimeout) without a request; create a new one")
        }
        throw APIError(.notFound, code: "world.unknown", message: "there is no \(id) (created with POST /sandbox/worlds?)")
    }

    /// A new world with the sample usernames and register, unless the sandbox holds as many as it may.
    /// - Throws: 429 `world.limit`.
    func create(register: [SelfExcludedPerson], at now: ContinuousClock.Instant = .now) throws(APIError) -> World {
        let created: World? = lock.withLock {
            guard worlds.count < limits.maxWorlds else { return nil }
            let world = World(id: .fresh(), plan: plan, register: register, lock: lock)
            world.lastUsed = now
            worlds[world.id] = world
            return world
        }
        guard let created else {
            throw APIError(.tooManyRequests, code: "world.limit",
                           message: "the sandbox holds \(limits.maxWorlds) worlds, as many as it may; delete one "
                               + "(DELETE /sandbox/worlds/<id>) or wait for idle ones to expire after \(limits.idleTimeout)")
        }
        return created
    }

    /// Forgets `id`; whether the sandbox held it.
    @discardableResult
    func remove(_ id: WorldID) -> Bool {
        lock.withLock { worlds.removeValue(forKey: id) != nil }
    }

    /// Forgets the worlds idle for longer than the limit, remembering them
    /// as expired; their ids, for their rows to be deleted.
    func sweep(at now: ContinuousClock.Instant = .now) -> [WorldID] {
        lock.withLock {
            let idle = worlds.values.filter { $0.lastUsed.duration(to: now) > limits.idleTimeout }.map(\.id)
            for id in idle { worlds.removeValue(forKey: id) }
            expired.append(contentsOf: idle)
            if expired.count > Self.rememberedExpiries { expired.removeFirst(expired.count - Self.rememberedExpiries) }
            return idle
        }
    }

    /// How many worlds are held (the default world not counted).
    var count: Int { lock.withLock { worlds.count } }
}
