import Testing

@Suite("check-username")
struct UsernameCheckTests {
    @Test("a free name is available; a reserved one is not, ignoring case")
    func availability() async throws {
        try await SandboxHarness.run { sandbox in
            let free = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "fresh_name"])
            #expect(free.status == 200)
            #expect(free.json["username"] as? String == "fresh_name")
            #expect(free.json["available"] as? Bool == true)
            let reserved = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "PUNTER"])
            #expect(reserved.status == 200)
            #expect(reserved.json["available"] as? Bool == false)
        }
    }

    @Test("a created client's name is taken for that brand, ignoring case, and free for another brand")
    func takenAfterCreation() async throws {
        try await SandboxHarness.run { sandbox in
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            let same = try await sandbox.get("/v2/client/check-username", query: ["brand": "Neds", "username": "AdaLove"])
            #expect(same.json["available"] as? Bool == false)
            let other = try await sandbox.get("/v2/client/check-username", query: ["brand": "ladbrokes", "username": "adalove"])
            #expect(other.json["available"] as? Bool == true)
        }
    }

    @Test("a missing parameter is 400 request.invalid naming it; an unknown brand is 404 brand.unknown")
    func errors() async throws {
        try await SandboxHarness.run { sandbox in
            let noName = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds"])
            #expect(noName.status == 400)
            #expect(noName.errorCode == "request.invalid")
            #expect(noName.errorMessage?.contains("username") == true)
            let noBrand = try await sandbox.get("/v2/client/check-username", query: ["username": "someone"])
            #expect(noBrand.status == 400)
            #expect(noBrand.errorMessage?.contains("brand") == true)
            let unknown = try await sandbox.get("/v2/client/check-username", query: ["brand": "nobrand", "username": "someone"])
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "brand.unknown")
            #expect(unknown.errorMessage?.contains("neds") == true)
        }
    }
}
