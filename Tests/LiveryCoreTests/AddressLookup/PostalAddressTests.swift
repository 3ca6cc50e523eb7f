import Foundation
import LiveryTesting
import Testing

@testable import LiveryCore

@Suite("Address models")
struct PostalAddressTests {
    @Test("an Australian address has a suburb and a state and reads on one line")
    func australian() {
        let address = PostalAddress(
            id: "au-1", unit: "3", streetNumber: "12", street: "Smith Street",
            places: [.suburb: "Richmond", .state: "VIC"], postcode: "3121", in: Market.australia.address)
        #expect(address.marketCode == "AU")
        #expect(address[.suburb] == "Richmond")
        #expect(address.singleLine == "3/12 Smith Street, Richmond VIC 3121")
    }

    @Test("a New Zealand address has a city and maybe a suburb")
    func newZealand() {
        let city = PostalAddress(
            streetNumber: "12", street: "Queen Street", places: [.suburb: "Auckland Central", .city: "Auckland"],
            postcode: "1010", in: Market.newZealand.address)
        #expect(city.marketCode == "NZ")
        #expect(city.singleLine == "12 Queen Street, Auckland Central, Auckland 1010")
        let rural = PostalAddress(
            streetNumber: "480", street: "Kaituna Road", places: [.suburb: "", .city: "Havelock"], postcode: "7178",
            in: Market.newZealand.address)
        #expect(rural[.suburb] == nil)
        #expect(rural.singleLine == "480 Kaituna Road, Havelock 7178")
    }

    @Test("a British address has a town, maybe a county, and its postcode last")
    func british() {
        let shape = Market.greatBritain.address
        let county = PostalAddress(
            streetNumber: "12", street: "High Street", places: [.town: "Ambridge", .county: "Borsetshire"],
            postcode: "BS12 3AB", in: shape)
        #expect(county.singleLine == "12 High Street, Ambridge, Borsetshire, BS12 3AB")
        let town = PostalAddress(
            streetNumber: "10", street: "Downing Street", places: [.town: "London"], postcode: "SW1A 2AA", in: shape)
        #expect(town.singleLine == "10 Downing Street, London, SW1A 2AA")
    }

    @Test("a market made in code writes its line as its shape says: no pack, no market known by name")
    func madeUpMarket() {
        let shape = AddressShape(
            marketCode: "ZZ",
            parts: [
                .init(.streetNumber, required: true), .init(.street, required: true),
                .init(.city, required: true), .init(.state, required: true, options: ["North", "South"]),
                .init(.postcode, required: true),
            ],
            line: [[.city], [.postcode, .state]])
        let address = PostalAddress(
            streetNumber: "7", street: "Long Road", places: [.city: "Zed", .state: "North"], postcode: "Z-1",
            in: shape)
        #expect(address.singleLine == "7 Long Road, Zed, Z-1 North")
        #expect(shape.isRequired(.state) && !shape.contains(.suburb) && shape.options(.state) == ["North", "South"])
    }

    @Test("the Australian pack lists all eight states and territories, by abbreviation")
    func states() {
        #expect(Market.australia.address.options(.state) == ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"])
        #expect(Market.newZealand.address.options(.state) == nil)
    }

    @Test("lookup errors say what failed")
    func errors() {
        #expect(AddressLookupError.notFound(id: "x1").description == "no address has id 'x1'")
        #expect(AddressLookupError.timedOut.description.contains("did not answer in time"))
    }
}
