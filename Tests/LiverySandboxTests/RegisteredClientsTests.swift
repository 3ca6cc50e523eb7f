import Foundation
import LiveryComposition
import LiveryCore
import LiveryWire
import ScenarioTesting
import Testing

@testable import LiveryScenarios

/// What vouches for the server reads the server: `storedClient:` against a
/// sandbox comes from `GET /sandbox/clients` of the run's world, so an app
/// that leaves a field out of its request is caught there, where the server
/// never got it.
@Suite("Stored clients are read from the store that holds them", .serialized)
@MainActor
struct RegisteredClientsTests {
    private static let fleet = "fleet-token-0123456789abcdef"

    @Test(
        "an app that drops a field from create-client fails storedClient against the sandbox, and passes without the defect"
    )
    func droppedFieldCaughtOnServer() async throws {
        try await SandboxHarness.run { sandbox in
            let composition = try Composition(SandboxHarness.brands)
            let file = ScenarioLibrary.files(for: "neds").first { $0.hasSuffix("01-full-sign-up.yaml") }!
            var dropping = ScenarioRunner(composition: composition, backend: ScenarioBackend(baseURL: sandbox.baseURL))
            dropping.planted = PlantedDefect.droppedRegistrationField("address.postcode").alteration
            let failed = try await dropping.run(file: file, brand: "neds")
            let mismatch = try #require(
                failed.failure?.mismatches.first { $0.check == "stored client address.postcode" })
            #expect(mismatch.expected == "3066" && mismatch.actual == "absent")
            let clean = try await ScenarioRunner(
                composition: composition, backend: ScenarioBackend(baseURL: sandbox.baseURL)
            ).run(file: file, brand: "neds")
            #expect(clean.passed, "\(clean.failure.map { "\($0)" } ?? "")")
        }
    }

    @Test(
        "GET /sandbox/clients lists the world's registrations oldest first, no password, no seeded account, no other world's"
    )
    func route() async throws {
        try await SandboxHarness.run { sandbox in
            let world = try await sandbox.createWorld(
                SeedRequest(brand: "neds", existingAccounts: [SeedRequest.Account(email: "old@example.com")]))
            let other = try await sandbox.createWorld()
            let inWorld = ["Livery-World": world]
            var first = Registrations.australian
            first["username"] = "first_one"
            first["password"] = "Secret-Horse-1"
            var second = Registrations.australian
            second["username"] = "second_one"
            second["email"] = "second@example.com"
            second["mobile"] = "0412 999 888"
            second["password"] = "Secret-Horse-2"
            #expect(try await sandbox.createClient(fields: first, headers: inWorld).status == 201)
            #expect(try await sandbox.createClient(fields: second, headers: inWorld).status == 201)
            let answer = try await sandbox.send("GET", "/sandbox/clients", headers: inWorld)
            #expect(answer.status == 200)
            let listed = try answer.decoded(RegisteredClients.self).clients
            #expect(listed.map { $0.fields["username"] } == ["first_one", "second_one"])
            #expect(listed.allSatisfy { $0.brand == "neds" && $0.fields["password"] == nil })
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("Secret-Horse"))
            let empty = try await sandbox.send("GET", "/sandbox/clients", headers: ["Livery-World": other])
            #expect(try empty.decoded(RegisteredClients.self).clients.isEmpty)
        }
    }

    @Test("with seeding tokens the clients of a world are told only to the token that made it")
    func tokenBound() async throws {
        let sandbox = try await SandboxHarness.start(seedingTokens: [Self.fleet, "other-token-fedcba9876543210"])
        let made = try await sandbox.post(
            "/sandbox/worlds", json: ["brand": "neds"], headers: ["Livery-Seeding-Token": Self.fleet])
        let world = try made.decoded(WorldCreated.self).world
        let bare = try await sandbox.send("GET", "/sandbox/clients", headers: ["Livery-World": world])
        #expect(bare.status == 403 && bare.errorCode == "seed.forbidden")
        let foreign = try await sandbox.send(
            "GET", "/sandbox/clients",
            headers: ["Livery-World": world, "Livery-Seeding-Token": "other-token-fedcba9876543210"])
        #expect(foreign.status == 403 && foreign.errorCode == "world.forbidden")
        let own = try await sandbox.send(
            "GET", "/sandbox/clients", headers: ["Livery-World": world, "Livery-Seeding-Token": Self.fleet])
        #expect(own.status == 200)
        await sandbox.stop()
    }

    @Test("without seeding the route is not there at all")
    func notServedWithoutSeeding() async throws {
        try await SandboxHarness.run(allowsSeeding: false) { sandbox in
            let answer = try await sandbox.send("GET", "/sandbox/clients")
            #expect(answer.status == 404 && answer.errorCode == "route.unknown")
        }
    }
}
