import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

/// The bundled dataset, loaded and indexed once for the suite.
private let bundled: EmbeddedAddressLookupService = {
    do { return try EmbeddedAddressLookupService.bundled() } catch { fatalError("\(error)") }
}()

@Suite("Embedded address service")
@MainActor
struct EmbeddedServiceTests {
    private func texts(_ query: String, in market: Market = .australia, limit: Int = 8) async throws -> [String] {
        try await bundled.suggestions(for: query, in: market, limit: limit).map(\.text)
    }

    @Test("the bundled dataset has over 5,000 addresses in every state, territory and across New Zealand")
    func datasetCoverage() throws {
        let addresses = try AddressDataset.bundled()
        #expect(addresses.count >= 5_000)
        var states = Set<String>()
        var cities = Set<String>()
        for address in addresses {
            if let state = address[.state] { states.insert(state) }
            if let city = address[.city] { cities.insert(city) }
        }
        #expect(states == Set(Market.australia.address.options(.state) ?? []))
        #expect(cities.isSuperset(of: ["Auckland", "Wellington", "Christchurch", "Dunedin", "Hamilton", "Whangārei"]))
        #expect(bundled.count == addresses.count)
    }

    @Test("a partial street finds the address, in either spelling of the street type")
    func findsByPartialStreet() async throws {
        #expect(try await texts("12 smith st").first == "12 Smith Street, Collingwood VIC 3066")
        #expect(try await texts("12 Smith Street").first == "12 Smith Street, Collingwood VIC 3066")
        #expect(try await texts("12 smi").contains("12 Smith Street, Collingwood VIC 3066"))
    }

    @Test("unit forms find the unit: \"3/12 smith st\" and \"unit 3 12 smith st\"")
    func findsUnits() async throws {
        #expect(try await texts("3/12 smith st").first == "3/12 Smith Street, Collingwood VIC 3066")
        #expect(try await texts("Unit 3, 12 Smith St").first == "3/12 Smith Street, Collingwood VIC 3066")
    }

    @Test("a partial suburb finds addresses in that suburb")
    func findsBySuburb() async throws {
        let found = try await texts("collingw")
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.contains("Collingwood VIC 3066") })
    }

    @Test("a postcode finds addresses with that postcode")
    func findsByPostcode() async throws {
        let found = try await texts("6160")
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.hasSuffix("Fremantle WA 6160") })
    }

    @Test("case, punctuation, apostrophes and macrons do not matter")
    func toleratesCaseAndPunctuation() async throws {
        #expect(try await texts("12,  SMITH-street").first == "12 Smith Street, Collingwood VIC 3066")
        #expect(try await texts("oconnor act").allSatisfy { $0.contains("O'Connor ACT 2602") })
        #expect(try await texts("12 kowhai st whangarei", in: .newZealand).first == "12 Kowhai Street, Whangārei 0110")
    }

    @Test("gibberish finds nothing, without an error")
    func gibberishFindsNothing() async throws {
        #expect(try await texts("qzxv blorft").isEmpty)
        #expect(try await texts("").isEmpty)
    }

    @Test("a search stays in its market and returns at most the limit")
    func marketAndLimit() async throws {
        #expect(try await texts("1 queen street auckland").isEmpty)
        #expect(
            try await texts("1 queen street auckland", in: .newZealand).first
                == "1 Queen Street, Auckland Central, Auckland 1010")
        #expect(try await texts("street", limit: 3).count == 3)
    }

    @Test("a number before the street must match exactly; the exact address ranks above its units")
    func numbersAndRanking() async throws {
        let service = Fixtures.service
        let found = try await service.suggestions(for: "12 smith street", in: .australia, limit: 8).map(\.id)
        #expect(found == ["au-1", "au-2"])  // not 120 Smith Street
    }

    @Test("retrieval by id gives the structured address; an unknown id is not found")
    func retrievalById() async throws {
        let id = try #require(try await bundled.suggestions(for: "3/12 smith st", in: .australia, limit: 1).first?.id)
        let address = try await bundled.address(id: id, in: .australia)
        #expect(address.unit == "3" && address.streetNumber == "12" && address.street == "Smith Street")
        #expect(address.places == [.suburb: "Collingwood", .state: "VIC"] && address.postcode == "3066")
        await #expect(throws: AddressLookupError.notFound(id: "nope")) {
            try await bundled.address(id: "nope", in: .australia)
        }
    }

    @Test(
        "a typo of one edit in a word of five or more letters still finds the address",
        arguments: [
            "12 Smtih St", "12 smiht street", "12 Smoth St", "12 Smitth St", "12 Smith Street Colingwood",
            "12 Smith St Collingwod", "12 Smith St Cllingwood",
        ])
    func typoTolerance(_ query: String) async throws {
        #expect(try await texts(query).first == "12 Smith Street, Collingwood VIC 3066", "\(query)")
    }

    @Test("typos are not guessed in short words or two edits away")
    func typoLimits() async throws {
        #expect(try await texts("12 Smih St").isEmpty, "a four-letter word gets no typo tolerance")
        #expect(try await texts("12 Smtiih St").isEmpty, "two edits away")
    }

    @Test("a word the index holds is matched exactly, never widened to its neighbours one edit away")
    func exactBeforeTypos() async throws {
        let armadale = try await texts("Armadale", limit: 50)
        #expect(!armadale.isEmpty && armadale.allSatisfy { $0.contains("Armadale") })
        let armidale = try await texts("Armidale", limit: 50)
        #expect(!armidale.isEmpty && armidale.allSatisfy { $0.contains("Armidale") })
        let typo = try await texts("Armadile", limit: 50)
        #expect(
            !typo.isEmpty && typo.allSatisfy { $0.contains("Armadale") },
            "one edit from Armadale, two from Armidale: \(typo)")
    }
}
