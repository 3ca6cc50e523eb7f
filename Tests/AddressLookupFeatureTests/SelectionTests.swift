import AddressLookupFeature
import LiveryCore
import Testing

@Suite("Selection, clear and request economy")
@MainActor
struct SelectionTests {
    @Test("selecting a suggestion fills the search text, closes the list and retrieves the structured address")
    func selectRetrievesAddress() async {
        let harness = EngineHarness()
        await harness.search("3/12 smith st")
        harness.engine.send(.select(id: "au-2"))
        var state = harness.engine.state
        #expect(state.searchText == "3/12 Smith Street, Collingwood VIC 3066")
        #expect(!state.isListVisible)
        #expect(state.selectedSuggestion?.id == "au-2")
        #expect(state.isRetrieving)
        await harness.engine.settle()
        state = harness.engine.state
        #expect(!state.isRetrieving)
        #expect(state.address == Fixtures.smithUnit)
    }

    @Test("searching never retrieves; only a selection does, and filling the text does not search again")
    func retrieveOnlyOnSelection() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.type("12 Smith Street")
        await harness.clock.advance(by: .milliseconds(300))
        await harness.engine.settle()
        #expect(counter.retrievalCount == 0)
        harness.engine.send(.select(id: "au-1"))
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        let counts = counter.counts
        #expect(counts.searches == 1 && counts.retrievals == 1)  // two requests for one entered address
    }

    @Test("a retrieval that fails is shown as the lookup's failure")
    func retrievalFailureShown() async {
        let service = GatedAddressService()
        let harness = EngineHarness(service: service)
        await harness.searchNow("12 Smith", on: service, answering: [Fixtures.suggestion(Fixtures.smith)])
        harness.engine.send(.select(id: "au-1"))
        await service.waitForRequests(2)
        service.fail(id: "au-1", with: .timedOut)
        await harness.engine.settle()
        let state = harness.engine.state
        #expect(state.failure == .timedOut && state.failedOperation == .retrieve)
        #expect(state.address == nil)
    }

    @Test("typing after a selection drops the selection and its address")
    func typingDropsSelection() async {
        let harness = EngineHarness()
        await harness.choose("au-1", after: "12 smith")
        harness.engine.send(.typeText("12 Smith Street, Coll"))
        let state = harness.engine.state
        #expect(state.selectedSuggestion == nil && state.address == nil)
    }

    @Test("clear empties the search text, suggestions, selection and address")
    func clearEmptiesEverything() async {
        let harness = EngineHarness()
        await harness.choose("au-1", after: "12 smith")
        harness.engine.send(.clear)
        let state = harness.engine.state
        #expect(state.searchText.isEmpty && state.suggestions.isEmpty && !state.isListVisible)
        #expect(state.selectedSuggestion == nil && state.address == nil)
    }

    @Test("clear cancels a pending search")
    func clearCancelsPendingSearch() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText("12 Smith"))
        harness.engine.send(.clear)
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        #expect(counter.searchCount == 0)
        #expect(!harness.engine.state.isSearching)
    }

    @Test("a stream gets every published state in order, ending with the settled one")
    func streamGetsEveryState() async {
        let harness = EngineHarness()
        let stream = harness.engine.states()
        await harness.search("12 smith")
        let seen = await harness.published(stream)
        #expect(seen.map(\.isSearching) == [false, true, false])
        #expect(seen[1].searchText == "12 smith" && seen[1].suggestions.isEmpty)
        #expect(seen.last?.suggestions.isEmpty == false)
    }
}
