import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryTesting
import LiveryWire
import ServerInputs
import Testing

@testable import LiverySandbox

/// One suite for both stores: what the sandbox relies on from its database,
/// on SQLite and (where a server is configured) on PostgreSQL alike.
@Suite("storage, on SQLite and PostgreSQL")
struct StorageTests {
    private static let neds = BrandID(rawValue: "neds")!
    private static func client(
        _ world: WorldID = .standard, key: String, username: String = "adalove",
        email: String = "ada@example.com", mobile: String = "0412 345 678"
    ) -> NewClient {
        NewClient(
            world: world, brand: Self.neds, username: username, fields: ["email": email, "mobile": mobile],
            passwordHash: "scrypt$10$8$1$c2FsdA==$a2V5", idempotencyKey: key, fingerprint: "f",
            identity: AccountIdentity(email: email, mobile: mobile, in: .australia))
    }

    @Test(
        "the PostgreSQL half runs on a server Livery supports (PostgreSQL 15 or later)",
        .enabled(if: TestPostgres.isAvailable, TestPostgres.skipped))
    func postgresServer() async throws {
        let server = try PostgresLocation(url: try #require(TestPostgres.url))
        let version = try await TestPostgres.count("SELECT current_setting('server_version_num')::BIGINT", on: server)
        #expect(version >= 150_000, "server_version_num \(version)")
    }

    @Test(
        "forty concurrent stores under one idempotency key make one client; every other is a replay of it",
        arguments: StorageKind.available)
    func sameKey(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let outcomes = try await withThrowingTaskGroup(of: Insertion.self) { group in
                for _ in 0..<40 { group.addTask { try await storage.insert(Self.client(key: "one-key")) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let created = outcomes.compactMap { if case .created(let id) = $0 { id } else { nil } }
            #expect(created.count == 1)
            #expect(outcomes.allSatisfy { $0 == .created(created[0]) || $0 == .replayed(created[0]) })
        }
    }

    @Test(
        "concurrent sign-ups sharing a username, an email or a mobile number store one client; the others learn why",
        arguments: StorageKind.available)
    func sameUsernameOrPerson(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let byUsername = try await withThrowingTaskGroup(of: Insertion.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await storage.insert(
                            Self.client(
                                key: "u\(index)", email: "u\(index)@example.com",
                                mobile: String(format: "0412 000 %03d", index)))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(byUsername.filter { if case .created = $0 { true } else { false } }.count == 1)
            #expect(byUsername.filter { $0 == .usernameTaken }.count == 19)
            let byEmail = try await withThrowingTaskGroup(of: Insertion.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await storage.insert(
                            Self.client(
                                key: "e\(index)", username: "name\(index)", email: "same@example.com",
                                mobile: String(format: "0413 000 %03d", index)))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(byEmail.filter { if case .created = $0 { true } else { false } }.count == 1)
            #expect(byEmail.filter { $0 == .accountExists }.count == 19)
            #expect(
                try await storage.hasAccount(
                    AccountIdentity(email: "SAME@example.com", mobile: nil, in: .australia), brand: Self.neds,
                    in: .standard))
        }
    }

    @Test(
        "a new database starts with the sample taken usernames and register; a new world starts the same",
        arguments: StorageKind.available)
    func startingWorld(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            #expect(try await storage.isUsernameTaken("punter", brand: Self.neds, in: .standard))
            #expect(try await storage.selfExclusionRegister(of: .standard) == EmbeddedWorld.sampleRegister)
            let world = WorldID.fresh()
            #expect(
                try await storage.createWorld(
                    world, owner: .thisMachine, caps: WorldCaps(total: 4, perOwner: 4), now: Date())
                    == .created)
            try await storage.startWorld(world)
            try await storage.startWorld(world)
            #expect(try await storage.isUsernameTaken("PUNTER", brand: Self.neds, in: world))
            #expect(
                try await storage.selfExclusionRegister(of: world) == EmbeddedWorld.sampleRegister, "each person once")
        }
    }

    @Test(
        "worlds: capped, kept apart, expired after the idle time (410, not 404) and deleted with their rows",
        arguments: StorageKind.available)
    func worlds(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let worlds = SandboxWorlds(
                storage: storage, limits: WorldLimits(maxWorlds: 2, idleTimeout: .seconds(60)), plan: FaultPlan())
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let first = try await worlds.create(for: .thisMachine, now: start)
            let second = try await worlds.create(for: .thisMachine, now: start)
            await #expect { try await worlds.create(for: .thisMachine, now: start) } throws: {
                ($0 as? APIError)?.code == .worldLimit
            }
            #expect(try await storage.insert(Self.client(first, key: "k")) != .accountExists)
            #expect(
                try await storage.insert(Self.client(second, key: "k")) != .accountExists,
                "the same person in another world")
            #expect(try await storage.worldCount() == 2)
            _ = try await worlds.world(first, now: start.addingTimeInterval(59))
            _ = try await worlds.world(first, now: start.addingTimeInterval(118))
            let late = start.addingTimeInterval(150)
            await #expect { try await worlds.world(second, now: late) } throws: {
                ($0 as? APIError)?.code == .worldExpired
            }
            #expect(try await worlds.sweep(now: late) == [second])
            #expect(try await storage.worldCount() == 1)
            #expect(
                try await storage.hasAccount(
                    AccountIdentity(email: "ada@example.com", mobile: nil, in: .australia), brand: Self.neds, in: second
                ) == false)
            await #expect { try await worlds.world(second, now: late) } throws: {
                ($0 as? APIError)?.code == .worldExpired
            }
            await #expect { try await worlds.world(WorldID.fresh(), now: late) } throws: {
                ($0 as? APIError)?.code == .worldUnknown
            }
            _ = try await worlds.create(for: .thisMachine, now: late)
            try await worlds.delete(first, by: .thisMachine, now: late)
            #expect(
                try await storage.hasAccount(
                    AccountIdentity(email: "ada@example.com", mobile: nil, in: .australia), brand: Self.neds, in: first)
                    == false)
            await #expect { try await worlds.delete(first, by: .thisMachine, now: late) } throws: {
                ($0 as? APIError)?.code == .worldUnknown
            }
        }
    }

    @Test(
        "each seeding token holds at most its even share of the worlds, so one run cannot take them all from the others",
        arguments: StorageKind.available)
    func worldShares(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let limits = WorldLimits(maxWorlds: 5)
            #expect(limits.caps(seedingTokens: 2) == WorldCaps(total: 5, perOwner: 2))
            #expect(limits.caps(seedingTokens: 0) == WorldCaps(total: 5, perOwner: 5), "this machine alone: all")
            #expect(limits.caps(seedingTokens: 64).perOwner == 1, "never none")
            let worlds = SandboxWorlds(
                storage: storage, limits: limits, caps: limits.caps(seedingTokens: 2), plan: FaultPlan())
            let greedy = WorldOwner(rawValue: String(repeating: "ab", count: 32))
            let polite = WorldOwner(rawValue: String(repeating: "cd", count: 32))
            let held = [try await worlds.create(for: greedy), try await worlds.create(for: greedy)]
            await #expect { try await worlds.create(for: greedy) } throws: { error in
                let refusal = error as? APIError
                return refusal?.code == .worldLimit && refusal?.message.contains("its share") == true
            }
            _ = try await worlds.create(for: polite)
            _ = try await worlds.create(for: polite)
            #expect(try await storage.worldCount() == 4)
            try await worlds.delete(held[0], by: greedy)
            _ = try await worlds.create(for: greedy)
            #expect(try await storage.worldCount() == 4, "a deleted world frees its place in the share")
        }
    }

    @Test(
        "a world remembers the token that made it, as every instance on the database sees it, and only that token deletes it",
        arguments: StorageKind.available)
    func worldOwners(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let worlds = SandboxWorlds(storage: storage, limits: WorldLimits(), plan: FaultPlan())
            let owner = WorldOwner(rawValue: String(repeating: "ab", count: 32))
            let other = WorldOwner(rawValue: String(repeating: "cd", count: 32))
            let id = try await worlds.create(for: owner)
            #expect(try await worlds.world(id).owner == owner)
            #expect(try await worlds.world(.standard).owner == .thisMachine)
            await #expect { try await worlds.delete(id, by: other) } throws: {
                ($0 as? APIError)?.code == .worldForbidden
            }
            #expect(try await worlds.world(id).owner == owner, "the refused delete kept the world")
            try await worlds.delete(id, by: owner)
            await #expect { try await worlds.world(id) } throws: { ($0 as? APIError)?.code == .worldUnknown }
        }
    }

    @Test(
        "a world's seeded day and faults are what every lookup sees; chance faults draw one sequence, restarted by a seed",
        arguments: StorageKind.available)
    func seededFaults(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let worlds = SandboxWorlds(
                storage: storage, limits: WorldLimits(), plan: try FaultPlan.parse(faults: ["address=500"]))
            let id = try await worlds.create(for: .thisMachine)
            let plan = try FaultPlan.parse(faults: ["check-username=503@0.5"])
            try await worlds.seed(id, today: CalendarDay(iso: "2026-06-01"), faults: plan)
            let world = try await worlds.world(id)
            #expect(world.today == CalendarDay(iso: "2026-06-01"))
            #expect(world.faults.failures[.address]?.outcome == .status(500), "the start-up plan stays underneath")
            var drawn: [FaultPlan.Outcome?] = []
            for _ in 0..<12 { drawn.append(try await worlds.draw(.checkUsername, in: world).failure) }
            let local = FaultSwitch(plan)
            #expect(
                drawn == (0..<12).map { _ in local.draw(.checkUsername).failure },
                "the same calls fail as in one process")
            #expect(drawn.contains(nil) && drawn.contains(.status(503)))
            try await worlds.seed(id, today: nil, faults: plan)
            #expect(try await worlds.draw(.checkUsername, in: try await worlds.world(id)).failure == drawn[0])
        }
    }

    @Test(
        "account figures belong to their world: another world's client id is no client",
        arguments: StorageKind.available)
    func accountsPerWorld(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            guard case .created(let id) = try await storage.insert(Self.client(key: "k")) else {
                Issue.record("not created")
                return
            }
            let details = AccountDetails(
                balance: "12.50", pendingBetsCount: 2, promotionsBalance: 1,
                socialProfile: AccountDetails.Profile(nickname: "ada", avatar: nil))
            #expect(try await storage.setDetails(details, clientID: id, in: .standard))
            #expect(try await storage.details(clientID: id, in: .standard) == details)
            #expect(try await storage.setBetslipCount(3, clientID: id, in: .standard))
            #expect(try await storage.betslipCount(clientID: id, in: .standard) == 3)
            let other = WorldID.fresh()
            #expect(try await storage.details(clientID: id, in: other) == nil)
            #expect(try await storage.setBetslipCount(9, clientID: id, in: other) == false)
            #expect(try await storage.betslipCount(clientID: id, in: .standard) == 3)
        }
    }

    @Test(
        "a world's registered clients come back oldest first, fields as stored, without seeded accounts or other worlds'",
        arguments: StorageKind.available)
    func registeredClients(kind: StorageKind) async throws {
        try await withStorage(kind) { storage, _ in
            let world = WorldID.fresh()
            _ = try await storage.insertExistingAccounts(
                [ExistingAccount(email: "old@example.com")], brand: Self.neds, market: .australia, in: world)
            _ = try await storage.insert(Self.client(world, key: "a", username: "first_one"))
            _ = try await storage.insert(
                Self.client(world, key: "b", username: "second_one", email: "b@example.com", mobile: "0412 999 888"))
            _ = try await storage.insert(Self.client(key: "c", username: "elsewhere"))
            let listed = try await storage.registeredClients(in: world, limit: 10)
            #expect(listed.map(\.brand) == ["neds", "neds"])
            #expect(listed.map(\.id) == listed.map(\.id).sorted())
            #expect(listed.first?.fieldsJSON.contains("ada@example.com") == true)
            #expect(listed.last?.fieldsJSON.contains("b@example.com") == true)
            #expect(try await storage.registeredClients(in: world, limit: 1).count == 1)
        }
    }

    @Test(
        "a database a newer sandbox migrated is refused with a line that says so, and left as it is",
        arguments: StorageKind.available)
    func newerSchema(kind: StorageKind) async throws {
        let database = try await kind.makeDatabase()
        defer { Task { await StorageKind.remove(database) } }
        switch database {
        case .sqlite(let path):
            _ = try SQLiteStorage(path: path)
            let queue = try SQLiteStorage(path: path).pool
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
            }
            try queue.close()
            #expect { _ = try SQLiteStorage(path: path) } throws: {
                "\($0)".contains("v99: from the future") && "\($0)".contains("newer")
            }
        case .postgres(let location):
            let storage = try await PostgresStorage.open(location, logger: TestPostgres.logger)
            await storage.close()
            try await TestPostgres.execute(
                "INSERT INTO livery_migrations VALUES ('v99: from the future', 'now')", on: location)
            await #expect { _ = try await PostgresStorage.open(location, logger: TestPostgres.logger) } throws: {
                "\($0)".contains("v99: from the future") && "\($0)".contains("newer")
            }
        }
    }
}
