import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

/// A query is a few words of an address: text far longer (a paste gone wrong,
/// or an attack) is bounded before anyone searches it, and the typo search
/// never expands a word no indexed word is one edit from.
@Suite("Address queries are bounded")
struct QueryBoundsTests {
    @Test("200 characters and 12 words are within bounds; one more of either is not, in any script")
    func bounds() {
        #expect(AddressQuery.isWithinBounds(String(repeating: "a", count: 200)))
        #expect(!AddressQuery.isWithinBounds(String(repeating: "a", count: 201)))
        #expect(AddressQuery.isWithinBounds(String(repeating: "ā", count: 200)))
        #expect(!AddressQuery.isWithinBounds(String(repeating: "ā", count: 201)))
        #expect(AddressQuery.isWithinBounds(Array(repeating: "w", count: 12).joined(separator: " ")))
        #expect(!AddressQuery.isWithinBounds(Array(repeating: "w", count: 13).joined(separator: " ")))
        #expect(AddressQuery.isWithinBounds("  12   Smith\tStreet  "))
        #expect(!AddressQuery.isWithinBounds(String(repeating: "x", count: 1 << 20)))
        #expect(AddressQuery.limited(String(repeating: "b", count: 20_000)) == String(repeating: "b", count: 200))
    }

    @Test("a query searches from four characters once trimmed, whatever smaller minimum a brand asks")
    @MainActor
    func minimum() async {
        #expect(
            !AddressQuery.isSearchable("12a") && !AddressQuery.isSearchable("  12a \t")
                && !AddressQuery.isSearchable(""))
        #expect(AddressQuery.isSearchable("12 s") && AddressQuery.isSearchable(" 12 s "))
        #expect(
            !AddressQuery.isSearchable("12 s", minimumLength: 5) && AddressQuery.isSearchable("12 sm", minimumLength: 5)
        )
        #expect(
            AddressQuery.isSearchable("12 s", minimumLength: 1) && !AddressQuery.isSearchable("12a", minimumLength: 1))
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let clock = VirtualClock()
        let lookup = AddressLookup(
            market: .australia, service: counter, clock: EngineClock(clock),
            settings: AddressLookupSettings(minimumQueryLength: 2))
        let engine = Store(AddressLookupSession(lookup))
        engine.send(.typeText("12a"))
        await clock.advance(by: .seconds(1))
        engine.send(.submit)
        await engine.settle()
        #expect(counter.searchCount == 0)
        engine.send(.typeText("12 s"))
        await clock.advance(by: .seconds(1))
        await engine.settle()
        #expect(counter.counts.queries == ["12 s"])
    }

    @Test(
        "a query beyond the bounds finds nothing; a word one letter longer than the longest indexed word is still found by a typo"
    )
    func embeddedSearch() {
        let long = PostalAddress(
            id: "long", streetNumber: "7", street: "Kirribillicrescentway",
            places: [.suburb: "Milsons Point", .state: "NSW"], postcode: "2061", in: Market.australia.address)
        let service = EmbeddedAddressLookupService(addresses: [long])
        #expect(service.search("7 Kirribillicrescentwway", in: .australia, limit: 8).map(\.id) == ["long"])
        #expect(service.search(String(repeating: "kirribilli", count: 2_000), in: .australia, limit: 8).isEmpty)
        #expect(
            service.search(Array(repeating: "7", count: 13).joined(separator: " "), in: .australia, limit: 8).isEmpty)
        #expect(service.search("7 " + String(repeating: "k", count: 190), in: .australia, limit: 8).isEmpty)
    }

    @Test("the search field takes at most 200 characters, and a query of more than 12 words never searches")
    @MainActor
    func engine() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText(String(repeating: "smith ", count: 4_000)))
        #expect(harness.engine.state.searchText.count == 200)
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(counter.searchCount == 0, "33 words: over the bound")
        harness.engine.send(.typeText("12 smith street"))
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        #expect(counter.counts.queries == ["12 smith street"])
    }
}
