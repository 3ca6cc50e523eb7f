import AddressLookupFeature
import Foundation
import LiveryCore
import LiveryTesting
import Testing

@Suite("Harmony-style HTTP client")
struct HarmonyClientTests {
    private func client(_ host: String, _ handler: @escaping @Sendable (StubURLProtocol.Seen) -> StubURLProtocol.Answer)
        -> HarmonyAddressLookupService
    {
        StubURLProtocol.register(host: host, handler)
        let configuration = HarmonyConfiguration(baseURL: URL(string: "https://\(host)/v1")!, timeout: .seconds(2))
        return HarmonyAddressLookupService(configuration: configuration, session: StubURLProtocol.session())
    }

    private static let findAnswer = """
        {"status":"SUCCESS","messages":[],"payload":[
          {"id":"AU-1","fullAddress":"12 Smith Street, Collingwood VIC 3066"},
          {"id":"AU-2","fullAddress":"3/12 Smith Street, Collingwood VIC 3066"}]}
        """

    @Test("find posts the country and the query and returns the suggestions")
    func findSuccess() async throws {
        let service = client("find.test") { _ in .respond(status: 200, body: Self.findAnswer) }
        let found = try await service.suggestions(for: "12 smith", in: .australia, limit: 8)
        #expect(
            found == [
                AddressSuggestion(id: "AU-1", text: "12 Smith Street, Collingwood VIC 3066"),
                AddressSuggestion(id: "AU-2", text: "3/12 Smith Street, Collingwood VIC 3066"),
            ])
        let request = try #require(StubURLProtocol.requests(to: "find.test").first)
        #expect(
            request.method == "POST" && request.path == "/v1/address/find" && request.contentType == "application/json")
        let body = try JSONSerialization.jsonObject(with: request.body) as? [String: [[String: String]]]
        #expect(body == ["payload": [["country": "AU", "fullAddress": "12 smith"]]])
    }

    @Test("a query too short to match once trimmed, or asking for no suggestions, is never sent: it finds nothing")
    func shortQueriesAreNotSent() async throws {
        let service = client("short.test") { _ in .respond(status: 200, body: Self.findAnswer) }
        for query in ["", "1", "12a", "  12a  ", "\t\n"] {
            #expect(try await service.suggestions(for: query, in: .australia, limit: 8) == [])
        }
        #expect(try await service.suggestions(for: "12 smith", in: .australia, limit: 0) == [])
        #expect(StubURLProtocol.requests(to: "short.test").isEmpty)
        #expect(try await service.suggestions(for: " 12 s ", in: .australia, limit: 8).count == 2)
        #expect(StubURLProtocol.requests(to: "short.test").count == 1)
    }

    @Test("retrieve gives a structured Australian address")
    func retrieveAustralian() async throws {
        let service = client("retrieve-au.test") { _ in
            .respond(
                status: 200,
                body: """
                    {"status":"SUCCESS","messages":[],"payload":[{"id":"AU-2","fullAddress":"3/12 Smith Street, Collingwood VIC 3066",
                     "unit":"3","streetNumber":"12","street":"Smith Street","locality":"Collingwood","state":"VIC","postcode":"3066"}]}
                    """)
        }
        let address = try await service.address(id: "AU-2", in: .australia)
        #expect(
            address
                == PostalAddress(
                    id: "AU-2", unit: "3", streetNumber: "12", street: "Smith Street",
                    places: [.suburb: "Collingwood", .state: "VIC"], postcode: "3066", in: Market.australia.address))
        #expect(StubURLProtocol.requests(to: "retrieve-au.test").first?.path == "/v1/address/retrieve")
    }

    @Test("retrieve gives a New Zealand address with its suburb and city")
    func retrieveNewZealand() async throws {
        let service = client("retrieve-nz.test") { _ in
            .respond(
                status: 200,
                body: """
                    {"status":"SUCCESS","messages":[],"payload":[{"id":"NZ-1","fullAddress":"1 Queen Street, Auckland Central, Auckland 1010",
                     "streetNumber":"1","street":"Queen Street","locality":"Auckland Central","suburb":"Auckland Central",
                     "city":"Auckland","postcode":"1010","country":"NZ"}]}
                    """)
        }
        let address = try await service.address(id: "NZ-1", in: .newZealand)
        #expect(address.places == [.suburb: "Auckland Central", .city: "Auckland"])
    }

    @Test("a 500 answer is 'unavailable' naming the status")
    func serverError() async {
        let service = client("500.test") { _ in .respond(status: 500, body: "oops") }
        await #expect(throws: AddressLookupError.unavailable(reason: "HTTP status 500")) {
            try await service.suggestions(for: "12 smith", in: .australia, limit: 8)
        }
    }

    @Test(
        "malformed JSON is an invalid response that says what is wrong",
        arguments: [
            ("not json", "the answer is not JSON"),
            (#"{"status":"SUCCESS","messages":[]}"#, "the answer has no 'payload'"),
            (#"{"messages":[],"payload":[]}"#, "the answer has no 'status'"),
            (#"{"status":"SUCCESS","payload":[{"id":"AU-1"}]}"#, "'payload[0]' has no 'fullAddress'"),
        ])
    func malformedJSON(body: String, reason: String) async {
        let host = "malformed-\(body.count)-\(reason.count).test"
        let service = client(host) { _ in .respond(status: 200, body: body) }
        await #expect(throws: AddressLookupError.invalidResponse(reason: reason)) {
            try await service.suggestions(for: "12 smith", in: .australia, limit: 8)
        }
    }

    @Test("a retrieved address without its street is an invalid response naming the key")
    func retrieveMissingPart() async {
        let service = client("missing-street.test") { _ in
            .respond(
                status: 200,
                body: """
                    {"status":"SUCCESS","messages":[],"payload":[{"id":"AU-1","streetNumber":"12","locality":"Collingwood","state":"VIC","postcode":"3066"}]}
                    """)
        }
        await #expect(throws: AddressLookupError.invalidResponse(reason: "'payload[0]' has no 'street'")) {
            try await service.address(id: "AU-1", in: .australia)
        }
    }

    @Test("a status other than SUCCESS is 'unavailable' with the messages")
    func failureStatus() async {
        let service = client("status.test") { _ in
            .respond(status: 200, body: #"{"status":"ERROR","messages":["quota exceeded"],"payload":[]}"#)
        }
        await #expect(throws: AddressLookupError.unavailable(reason: "status ERROR: quota exceeded")) {
            try await service.suggestions(for: "12 smith", in: .australia, limit: 8)
        }
    }

    @Test("an empty retrieve payload means the id is not found")
    func retrieveNotFound() async {
        let service = client("empty.test") { _ in
            .respond(status: 200, body: #"{"status":"SUCCESS","messages":[],"payload":[]}"#)
        }
        await #expect(throws: AddressLookupError.notFound(id: "AU-9")) {
            try await service.address(id: "AU-9", in: .australia)
        }
    }

    @Test("no answer in time is 'timed out'")
    func timeout() async {
        let service = client("timeout.test") { _ in .fail(.timedOut) }
        await #expect(throws: AddressLookupError.timedOut) {
            try await service.suggestions(for: "12 smith", in: .australia, limit: 8)
        }
    }

    @Test("a cancelled request is 'cancelled'")
    func cancellation() async {
        let service = client("hang.test") { _ in .hang }
        let task = Task { try await service.suggestions(for: "12 smith", in: .australia, limit: 8) }
        await StubURLProtocol.waitForRequests(to: "hang.test")
        task.cancel()
        await #expect(throws: AddressLookupError.cancelled) { try await task.value }
    }
}
