import Foundation
import Testing

@testable import LiveryCore

@Suite("Address models")
struct PostalAddressTests {
    @Test("an Australian address has a suburb and a state and reads on one line")
    func australian() {
        let address = PostalAddress(
            id: "au-1", unit: "3", streetNumber: "12", street: "Smith Street",
            area: .australia(suburb: "Richmond", state: .vic), postcode: "3121")
        #expect(address.region == .australia)
        #expect(address.suburb == "Richmond")
        #expect(address.singleLine == "3/12 Smith Street, Richmond VIC 3121")
    }

    @Test("a New Zealand address has a city and maybe a suburb")
    func newZealand() {
        let city = PostalAddress(
            streetNumber: "12", street: "Queen Street",
            area: .newZealand(suburb: "Auckland Central", city: "Auckland"), postcode: "1010")
        #expect(city.region == .newZealand)
        #expect(city.singleLine == "12 Queen Street, Auckland Central, Auckland 1010")
        let rural = PostalAddress(
            streetNumber: "480", street: "Kaituna Road",
            area: .newZealand(suburb: nil, city: "Havelock"), postcode: "7178")
        #expect(rural.suburb == nil)
        #expect(rural.singleLine == "480 Kaituna Road, Havelock 7178")
    }

    @Test("addresses survive a JSON round trip")
    func codable() throws {
        let address = PostalAddress(
            streetNumber: "1", street: "George Street",
            area: .australia(suburb: "Sydney", state: .nsw), postcode: "2000")
        let decoded = try JSONDecoder().decode(PostalAddress.self, from: JSONEncoder().encode(address))
        #expect(decoded == address)
    }

    @Test("the fixed list of states and territories has all eight, by abbreviation")
    func states() {
        #expect(AustralianState.allCases.map(\.rawValue) == ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"])
        #expect(AustralianState.nt.name == "Northern Territory")
    }

    @Test("regions parse their ISO codes in any case")
    func regions() {
        #expect(Region(code: "nz") == .newZealand)
        #expect(Region(code: "AU") == .australia)
        #expect(Region(code: "US") == nil)
    }

    @Test("lookup errors say what failed")
    func errors() {
        #expect(AddressLookupError.notFound(id: "x1").description == "no address has id 'x1'")
        #expect(AddressLookupError.timedOut.description.contains("did not answer in time"))
    }
}
