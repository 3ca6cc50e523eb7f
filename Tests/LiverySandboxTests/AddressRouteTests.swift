import AddressLookupFeature
import BrandDeclarations
import Foundation
import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

@testable import LiverySandbox

@Suite("address find / retrieve")
struct AddressRouteTests {
    @Test("find answers up to 8 suggestions in the Harmony envelope; retrieve the full address")
    func findAndRetrieve() async throws {
        try await SandboxHarness.run { sandbox in
            let find = try await sandbox.post(
                "/address/find", json: AddressRequest(AddressFindItem(country: "AU", fullAddress: "12 smith")))
            #expect(find.status == 200)
            let found = try find.decoded(AddressAnswer<FoundAddress>.self)
            #expect(found.status == "SUCCESS")
            let payload = try #require(found.payload)
            #expect((1...8).contains(payload.count))
            let id = try #require(payload.first?.id)
            let retrieve = try await sandbox.post(
                "/address/retrieve", json: AddressRequest(AddressRetrieveItem(id: id)))
            let address = try #require(try retrieve.decoded(AddressAnswer<AddressRecord>.self).payload?.first)
            #expect(address.id == id)
            #expect(address.country == "AU")
            // The postcode is there too: an AddressRecord does not read without it.
            #expect(address.state != nil && address.locality != nil)
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
                    "/address/find", json: AddressRequest(AddressFindItem(country: "AU", fullAddress: query)))
                #expect(find.status == 400 && find.errorCode == "request.invalid")
                #expect(find.errorMessage?.contains("200 characters and 12 words") == true)
            }
            for query in [String(repeating: "s", count: 200), Array(repeating: "12", count: 12).joined(separator: " ")]
            {
                let find = try await sandbox.post(
                    "/address/find", json: AddressRequest(AddressFindItem(country: "AU", fullAddress: query)))
                #expect(find.status == 200)
            }
        }
    }

    @Test("the app's Harmony client reads the sandbox's answers, AU and NZ, and an unknown id is notFound")
    func harmonyClient() async throws {
        try await SandboxHarness.run { sandbox in
            let client = HarmonyAddressLookupService(
                configuration: HarmonyConfiguration(baseURL: sandbox.baseURL))
            let embedded = try EmbeddedAddressLookupService.bundled()
            for (query, market) in [("12 smith", Market.australia), ("queen street", .newZealand)] {
                let suggestions = try await client.suggestions(for: query, in: market, limit: 8)
                #expect(suggestions == embedded.search(query, in: market, limit: 8))
                let first = try #require(suggestions.first)
                #expect(
                    try await client.address(id: first.id, in: market)
                        == (try await embedded.address(id: first.id, in: market)))
            }
            await #expect(throws: AddressLookupError.notFound(id: "no-such-id")) {
                try await client.address(id: "no-such-id", in: .australia)
            }
        }
    }

    @Test(
        "every address of the bundled index and the British pack that lacks a part (a unit, a New Zealand suburb, a county) reads the same through the sandbox's retrieve answer and the app's Harmony client as in process; one of each shape also over a real socket"
    )
    func partlessAddressesBothWays() async throws {
        let british = Market.greatBritain.addresses
        let embedded = try EmbeddedAddressLookupService.bundled().adding(british)
        let partless = try (AddressDataset.bundled() + british).filter {
            $0.unit == nil || ($0.marketCode == "NZ" && $0[.suburb] == nil)
                || ($0.marketCode == "GB" && $0[.county] == nil)
        }
        #expect(partless.count > 9_000)
        var differences: [String] = []
        for address in partless {
            let id = try #require(address.id)
            let market = Market.shipped(address.marketCode)
            // The bytes the sandbox's route answers, read by the client's own decoding.
            let answer = try JSONEncoder.sorted.encode(
                AddressRoutes.retrieved((try await embedded.address(id: id, in: market), market)))
            let read = try HarmonyAddressLookupService.address(inRetrieveAnswer: answer, id: id, in: market)
            if read != address { differences.append("\(id): \(address) in process, \(read) over the wire") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.prefix(3))")
        // One address of each shape (market, with or without a unit, with or without its optional place) over HTTP.
        let shapes = Dictionary(grouping: partless) {
            "\($0.marketCode) \($0.unit == nil) \($0[.suburb] == nil) \($0[.county] == nil)"
        }
        #expect(shapes.count >= 6)
        try await SandboxHarness.run { sandbox in
            let client = HarmonyAddressLookupService(
                configuration: HarmonyConfiguration(baseURL: sandbox.baseURL))
            for (shape, addresses) in shapes {
                let first = try #require(addresses.first)
                let id = try #require(first.id)
                let market = Market.shipped(first.marketCode)
                #expect(
                    try await client.address(id: id, in: market) == (try await embedded.address(id: id, in: market)),
                    "\(shape)")
            }
        }
    }

    @Test("a country no market pack has, or an empty payload, is 400 naming the known ones")
    func badFind() async throws {
        try await SandboxHarness.run { sandbox in
            let country = try await sandbox.post(
                "/address/find", json: AddressRequest(AddressFindItem(country: "US", fullAddress: "12 smith")))
            #expect(country.status == 400)
            #expect(country.errorMessage?.contains("must be one of AU, GB, NZ, not 'US'") == true)
            #expect(
                try await sandbox.post("/address/find", json: JSONValue.object([("payload", .array([]))])).status == 400
            )
        }
    }
}
