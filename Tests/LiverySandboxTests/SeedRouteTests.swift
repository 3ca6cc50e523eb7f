import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiverySandbox
import LiveryWire
import Testing

/// `POST /sandbox/seed`: the world a scenario's `given:` describes, on a sandbox that allows it.
@Suite("seeding", .serialized)
struct SeedRouteTests {
    @Test("without seeding allowed the route is unknown, and nothing changes")
    func notAllowed() async throws {
        try await SandboxHarness.inMemory(allowsSeeding: false) { sandbox in
            let answer = try await sandbox.post(
                "/sandbox/seed", json: SeedRequest(brand: "neds", takenUsernames: ["seeded_name"]))
            #expect(answer.status == 404 && answer.errorCode == "route.unknown")
            let check = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "seeded_name"])
            #expect((try check.decoded(UsernameAvailability.self).available) == true)
        }
    }

    @Test("seeded accounts, usernames, register entries, today and faults all take effect")
    func seeds() async throws {
        // The default world is seeded by this machine, on a sandbox without seeding tokens: a live one on loopback.
        try await SandboxHarness.run { sandbox in
            let seed = SeedRequest(
                brand: "neds", today: "2030-02-01",
                existingAccounts: [
                    SeedRequest.Account(email: "pat@example.com", username: "pat_existing"),
                    SeedRequest.Account(mobile: "0411 222 333"),
                ],
                takenUsernames: ["seeded_name"],
                selfExcluded: [SeedRequest.Person(firstName: "Robin", lastName: "Barred", dateOfBirth: "1985-05-05")],
                faults: ["check-username=503"])
            let answer = try await sandbox.post("/sandbox/seed", json: seed)
            #expect(answer.status == 200)
            let seeded = try answer.decoded(Seeded.self)
            #expect(seeded.existingAccounts == 2 && seeded.faults == ["check-username=503"])
            #expect(
                try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "x_name"])
                    .status == 503)

            let existing = try await sandbox.createClient(
                fields: Registrations.australian(["email": "PAT@example.com"]))
            #expect(existing.errorCode == "account.exists")
            let byMobile = try await sandbox.createClient(
                fields: Registrations.australian(["email": "q@example.com", "mobile": "0411222333"]))
            #expect(byMobile.errorCode == "account.exists")
            let taken = try await sandbox.createClient(fields: Registrations.australian(["username": "seeded_name"]))
            #expect(taken.errorCode == "username.taken")
            let barred = try await sandbox.createClient(
                fields: Registrations.australian(
                    ["firstName": "Robin", "lastName": "Barred", "dateOfBirth": "05/05/1985", "username": "robin_b"]))
            #expect(barred.errorCode == "self.excluded")
            let seventeenThen = try await sandbox.createClient(
                fields: Registrations.australian(["dateOfBirth": "02/02/2012"]))
            #expect(seventeenThen.fieldCodes["dateOfBirth"] == ["age.minimum"], "ages are counted from the seeded day")
            let eighteenThen = try await sandbox.createClient(
                fields: Registrations.australian(["dateOfBirth": "01/02/2012"]))
            #expect(eighteenThen.status == 201)

            #expect(try await sandbox.post("/sandbox/seed", json: SeedRequest(brand: "neds")).status == 200)
            let checked = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "x_name"])
            #expect(checked.status == 200, "a seed without faults takes the seeded ones away")
        }
    }

    @Test(
        "a bad seed is a 400 naming the value, and changes nothing",
        arguments: [
            (#"{"today": "2026-02-30"}"#, "'today' is not a date"),
            (#"{"faults": ["create-client=maybe"]}"#, "'faults'"),
            (#"{"existingAccounts": [{"username": "nobody"}]}"#, "needs an email or a mobile"),
            (#"{"selfExcluded": [{"firstName": "A", "lastName": "B", "dateOfBirth": "01/01/1990"}]}"#, "dateOfBirth"),
            (#"{"brand": "nobrand"}"#, "nobrand"),
        ])
    func badSeed(changes: String, problem: String) async throws {
        try await SandboxHarness.run { sandbox in
            // A good seed with the changes written over it, each change sent as its JSON says.
            var seed = try #require(
                JSONValue(encoding: SeedRequest(brand: "neds", takenUsernames: ["must_not_stick"])).object)
            seed.merge(try #require(try JSONDecoder().decode(JSONValue.self, from: Data(changes.utf8)).object)) { $1 }
            let answer = try await sandbox.post("/sandbox/seed", json: JSONValue.object(Array(seed)))
            #expect(answer.status == 400 || answer.status == 404)
            #expect(answer.errorMessage?.contains(problem) == true, "\(answer.errorMessage ?? "no message")")
            let check = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "must_not_stick"])
            #expect((try check.decoded(UsernameAvailability.self).available) == true)
        }
    }
}
