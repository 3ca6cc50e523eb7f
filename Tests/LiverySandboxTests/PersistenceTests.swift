import LiveryWire
import Testing

@Suite("persistence")
struct PersistenceTests {
    @Test("clients created before a stop are there after a restart on the same file")
    func survivesRestart() async throws {
        let path = SandboxHarness.temporaryDatabasePath()
        let first = try await SandboxHarness.start(databasePath: path)
        let created = try await first.createClient(fields: Registrations.australian, key: "before-stop")
        #expect(created.status == 201)
        let id = try created.decoded(ClientCreated.self).clientId
        #expect(try await first.put("/v2/client/\(id)/betslip-count", json: ["count": 4]).status == 200)
        await first.stop(keepDatabase: true)

        let second = try await SandboxHarness.start(databasePath: path)
        let taken = try await second.get("/v2/client/check-username", query: ["brand": "neds", "username": "adalove"])
        #expect((try? taken.decoded(UsernameAvailability.self))?.available == false)
        let replay = try await second.createClient(fields: Registrations.australian, key: "before-stop")
        #expect(replay.status == 200)
        #expect((try? replay.decoded(ClientCreated.self))?.clientId == id)
        #expect((try? await second.get("/v2/client/\(id)/betslip-count").decoded(BetslipCount.self))?.count == 4)
        let next = try await second.createClient(
            fields: Registrations.australian(
                ["username": "second_one", "email": "second@example.com", "mobile": "0400 000 002"]))
        #expect((try? next.decoded(ClientCreated.self))?.clientId == "client-2")
        await second.stop()
    }
}
