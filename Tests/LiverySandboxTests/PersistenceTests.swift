import Testing

@Suite("persistence")
struct PersistenceTests {
    @Test("clients created before a stop are there after a restart on the same file")
    func survivesRestart() async throws {
        let path = SandboxHarness.temporaryDatabasePath()
        let first = try await SandboxHarness.start(databasePath: path)
        let created = try await first.createClient(fields: Registrations.australian, key: "before-stop")
        #expect(created.status == 201)
        let id = try #require(created.json["clientId"] as? String)
        #expect(try await first.put("/v2/client/\(id)/betslip-count", json: ["count": 4]).status == 200)
        await first.stop(keepDatabase: true)

        let second = try await SandboxHarness.start(databasePath: path)
        let taken = try await second.get("/v2/client/check-username", query: ["brand": "neds", "username": "adalove"])
        #expect(taken.json["available"] as? Bool == false)
        let replay = try await second.createClient(fields: Registrations.australian, key: "before-stop")
        #expect(replay.status == 200)
        #expect(replay.json["clientId"] as? String == id)
        #expect(try await second.get("/v2/client/\(id)/betslip-count").json["count"] as? Int == 4)
        let next = try await second.createClient(
            fields: Registrations.australian(
                ["username": "second_one", "email": "second@example.com", "mobile": "0400 000 002"]))
        #expect(next.json["clientId"] as? String == "client-2")
        await second.stop()
    }
}
