import AddressLookupFeature
import Foundation
import LiveryCore
import Testing

@Suite("address find / retrieve")
struct AddressRouteTests {
    @Test("find answers up to 8 suggestions in the Harmony envelope; retrieve the full address")
    func findAndRetrieve() async throws {
        try await SandboxHarness.run { sandbox in
            let find = try await sandbox.post(
                "/address/find", json: ["payload": [["country": "AU", "fullAddress": "12 smith"]]])
            #expect(find.status == 200)
            #expect(find.json["status"] as? String == "SUCCESS")
            let payload = try #require(find.json["payload"] as? [[String: Any]])
            #expect((1...8).contains(payload.count))
            let id = try #require(payload.first?["id"] as? String)
            let retrieve = try await sandbox.post("/address/retrieve", json: ["payload": [["id": id]]])
            let address = try #require((retrieve.json["payload"] as? [[String: Any]])?.first)
            #expect(address["id"] as? String == id)
            #expect(address["country"] as? String == "AU")
            #expect(address["state"] is String && address["postcode"] is String && address["locality"] is String)
        }
    }

    @Test(
        "a find beyond 200 characters or 12 words is 400 request.invalid naming the bounds; at the bounds it is searched"
    )
    func boundedQueries() async throws {
        try await SandboxHarness.run { sandbox in
            for query in [
                String(repeating: "smith", count: 3_200), Array(repeating: "12", count: 13).joined(separator: " "),
            ] {
                let find = try await sandbox.post(
                    "/address/find", json: ["payload": [["country": "AU", "fullAddress": query]]])
                #expect(find.status == 400 && find.errorCode == "request.invalid")
                #expect(find.errorMessage?.contains("200 characters and 12 words") == true)
            }
            for query in [String(repeating: "s", count: 200), Array(repeating: "12", count: 12).joined(separator: " ")]
            {
                let find = try await sandbox.post(
                    "/address/find", json: ["payload": [["country": "AU", "fullAddress": query]]])
                #expect(find.status == 200)
            }
        }
    }

    @Test("the app's Harmony client reads the sandbox's answers, AU and NZ, and an unknown id is notFound")
    func harmonyClient() async throws {
        try await SandboxHarness.run { sandbox in
            let client = HarmonyAddressLookupService(
                configuration: HarmonyConfiguration(baseURL: sandbox.server.baseURL))
            let embedded = try EmbeddedAddressLookupService.bundled()
            for (query, region) in [("12 smith", Region.australia), ("queen street", .newZealand)] {
                let suggestions = try await client.suggestions(for: query, in: region, limit: 8)
                #expect(suggestions == embedded.search(query, in: region, limit: 8))
                let first = try #require(suggestions.first)
                #expect(try await client.address(id: first.id) == (try await embedded.address(id: first.id)))
            }
            await #expect(throws: AddressLookupError.notFound(id: "no-such-id")) {
                try await client.address(id: "no-such-id")
            }
        }
    }

    @Test(
        "every address of the bundled index that lacks a part (a unit, or a New Zealand suburb) reads the same retrieved over the wire as in process"
    )
    func partlessAddressesBothWays() async throws {
        let partless = try AddressDataset.bundled().filter {
            $0.unit == nil || ($0.region == .newZealand && $0.suburb == nil)
        }
        #expect(partless.count > 9_000)
        #expect(partless.contains { $0.region == .newZealand && $0.suburb == nil })
        try await SandboxHarness.run { sandbox in
            let client = HarmonyAddressLookupService(
                configuration: HarmonyConfiguration(baseURL: sandbox.server.baseURL))
            let embedded = try EmbeddedAddressLookupService.bundled()
            let differences = try await withThrowingTaskGroup(of: String?.self, returning: [String].self) { group in
                var differences: [String] = []
                for (position, address) in partless.enumerated() {
                    if position >= 8, let difference = try await group.next(), let difference {
                        differences.append(difference)
                    }
                    group.addTask {
                        let id = address.id ?? ""
                        let inProcess = try await embedded.address(id: id)
                        let overHTTP = try await client.address(id: id)
                        return inProcess == overHTTP ? nil : "\(id): \(inProcess) in process, \(overHTTP) over HTTP"
                    }
                }
                for try await difference in group { if let difference { differences.append(difference) } }
                return differences
            }
            #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.prefix(3))")
        }
    }

    @Test("a country other than AU or NZ, or an empty payload, is 400")
    func badFind() async throws {
        try await SandboxHarness.run { sandbox in
            let country = try await sandbox.post(
                "/address/find", json: ["payload": [["country": "US", "fullAddress": "12 smith"]]])
            #expect(country.status == 400)
            #expect(country.errorMessage?.contains("AU or NZ") == true)
            #expect(try await sandbox.post("/address/find", json: ["payload": [Any]()]).status == 400)
        }
    }
}
