import Foundation
import GRDB
import LiveryComposition
import LiveryWire
import Testing

@testable import LiverySandbox

/// One sandbox for a whole team: every run in a world of its own, which
/// keeps apart its clients, usernames, register, faults and day, and whose
/// time the run's clock keeps.
@Suite("Worlds on the sandbox")
struct WorldTests {
    private static func header(_ world: String) -> [String: String] { ["Livery-World": world] }

    @Test(
        "two worlds and the default world each take the same person, username and idempotency key; one world's client is no other's"
    )
    func isolation() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let first = try await sandbox.createWorld()
            let second = try await sandbox.createWorld()
            #expect(first != second && first.count == 32)
            for headers in [Self.header(first), Self.header(second), [:]] {
                let created = try await sandbox.createClient(
                    fields: Registrations.australian, key: "same-key", headers: headers)
                #expect(created.status == 201, "\(headers)")
                let again = try await sandbox.createClient(
                    fields: Registrations.australian(["username": "another_one"]),
                    headers: headers)
                #expect(again.status == 409 && again.errorCode == "account.exists", "\(headers)")
            }
            let taken = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "adalove"],
                headers: Self.header(first))
            #expect((try taken.decoded(UsernameAvailability.self).available) == false)
            let fresh = try await sandbox.createWorld()
            let free = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "adalove"],
                headers: Self.header(fresh))
            #expect((try free.decoded(UsernameAvailability.self).available) == true)
            let sample = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "punter"],
                headers: Self.header(fresh))
            #expect(
                (try sample.decoded(UsernameAvailability.self).available) == false,
                "a new world starts with the sample taken usernames")
        }
    }

    @Test("a seed reaches only its world: its faults and taken usernames are not the default world's")
    func seededApart() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let world = try await sandbox.createWorld(
                SeedRequest(brand: "neds", takenUsernames: ["only_here"], faults: ["create-client=503"]))
            let failing = try await sandbox.createClient(fields: Registrations.australian, headers: Self.header(world))
            #expect(failing.status == 503 && failing.errorCode == "fault.injected")
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            let there = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "only_here"],
                headers: Self.header(world))
            let here = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "only_here"])
            #expect(try there.decoded(UsernameAvailability.self).available == false)
            #expect(try here.decoded(UsernameAvailability.self).available == true)
            let reseeded = try await sandbox.post(
                "/sandbox/seed", json: SeedRequest(brand: "neds", faults: []), headers: Self.header(world))
            #expect(reseeded.status == 200)
            #expect(
                try await sandbox.createClient(fields: Registrations.australian, headers: Self.header(world)).status
                    == 201)
        }
    }

    @Test("a deleted world is gone, with everything it held; an unknown one is 404 world.unknown")
    func deletion() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let world = try await sandbox.createWorld()
            #expect(
                try await sandbox.createClient(fields: Registrations.australian, headers: Self.header(world)).status
                    == 201)
            #expect(try await sandbox.send("DELETE", "/sandbox/worlds/\(world)").status == 204)
            let after = try await sandbox.createClient(fields: Registrations.australian, headers: Self.header(world))
            #expect(after.status == 404 && after.errorCode == "world.unknown")
            #expect(try await sandbox.send("DELETE", "/sandbox/worlds/\(world)").errorCode == "world.unknown")
            #expect(try await sandbox.clientRows(where: "world = '\(world)'") == 0)
        }
    }

    @Test("past the cap a new world is refused 429 world.limit, and deleting one makes room")
    func cap() async throws {
        try await SandboxHarness.inMemory(worlds: WorldLimits(maxWorlds: 2)) { sandbox in
            let first = try await sandbox.createWorld()
            _ = try await sandbox.createWorld()
            let third = try await sandbox.post("/sandbox/worlds", json: ["brand": "neds"])
            #expect(third.status == 429 && third.errorCode == "world.limit")
            #expect(third.errorMessage?.contains("2 worlds") == true)
            _ = try await sandbox.send("DELETE", "/sandbox/worlds/\(first)")
            #expect(try await sandbox.post("/sandbox/worlds", json: ["brand": "neds"]).status == 201)
        }
    }

    @Test("a world header on a sandbox without seeding is 403 world.notAllowed and changes nothing")
    func notAllowed() async throws {
        try await SandboxHarness.inMemory(allowsSeeding: false) { sandbox in
            let answer = try await sandbox.createClient(fields: Registrations.australian, headers: Self.header("abc"))
            #expect(answer.status == 403 && answer.errorCode == "world.notAllowed")
            #expect(try await sandbox.post("/sandbox/worlds", json: ["brand": "neds"]).errorCode == "route.unknown")
            #expect(try await sandbox.clientRows(where: "1 = 1") == 0)
        }
    }

    @Test(
        "the run's time reaches the server: its day decides the age check, and a latency or time-out is told, not waited"
    )
    func drivenTime() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let world = try await sandbox.createWorld(
                SeedRequest(brand: "neds", faults: ["check-username=latency 30s"]))
            // Eighteen on 2 June 2026.
            let young = Registrations.australian(["dateOfBirth": "02/06/2008"])
            let day = Self.header(world).merging(["Livery-World-Time": "2026-06-01T23:59:59.000+10:00"]) { $1 }
            let refused = try await sandbox.createClient(fields: young, headers: day)
            #expect(refused.status == 422 && refused.fieldCodes["dateOfBirth"] == ["age.minimum"])
            let next = Self.header(world).merging(["Livery-World-Time": "2026-06-02T00:00:00.000+10:00"]) { $1 }
            #expect(try await sandbox.createClient(fields: young, headers: next).status == 201)
            let slow = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "someone_new"],
                headers: next)
            #expect(slow.status == 200 && slow.answerAfter == "30000")
            // Half the latency: room for a loaded machine, and far short of holding the answer in real time.
            #expect(slow.elapsed < .seconds(15), "the answer is not held in real time")
            _ = try await sandbox.post(
                "/sandbox/seed", json: SeedRequest(brand: "neds", faults: ["create-client=timeout"]), headers: next)
            let lost = try await sandbox.createClient(
                fields: Registrations.australian(["username": "late_one"]), headers: next)
            #expect(lost.status == 504 && lost.answerAfter == "never")
            let bad = try await sandbox.send(
                "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "x"],
                headers: Self.header(world).merging(["Livery-World-Time": "yesterday"]) { $1 })
            #expect(bad.status == 400 && bad.errorMessage?.contains("Livery-World-Time") == true)
        }
    }
}
