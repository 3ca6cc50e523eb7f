import AddressLookupFeature
import LiveryCore
import Testing

@Suite("Search as you type")
@MainActor
struct SearchAsYouTypeTests {
    @Test("typing \"12 Smith Street\" at 80 ms per key issues one search, not one per key")
    func oneSearchForATypedAddress() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.type("12 Smith Street")
        await harness.engine.settle()
        #expect(counter.searchCount == 0)  // 80 ms after the last key: still debouncing
        await harness.clock.advance(by: .milliseconds(220))
        await harness.engine.settle()
        #expect(counter.counts.queries == ["12 Smith Street"])
        #expect(harness.engine.state.suggestions.first == Fixtures.suggestion(Fixtures.smith))
    }

    @Test("a 4-character query such as \"12 S\" searches after the debounce")
    func fourCharactersSearch() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText("12 S"))
        await harness.clock.advance(by: .milliseconds(299))
        await harness.engine.settle()
        #expect(counter.searchCount == 0)
        #expect(harness.engine.state.isSearching)
        await harness.clock.advance(by: .milliseconds(1))
        await harness.engine.settle()
        #expect(counter.counts.queries == ["12 S"])
        #expect(harness.engine.state.isListVisible)
    }

    @Test("a 3-character query such as \"12 \" never searches")
    func threeCharactersDoNotSearch() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText("12 "))
        #expect(!harness.engine.state.isSearching)
        await harness.clock.advance(by: .seconds(5))
        await harness.engine.settle()
        #expect(counter.searchCount == 0)
    }

    @Test("deleting back below 4 characters cancels the pending search and hides the list")
    func shorteningCancels() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.search("12 Smith")
        harness.engine.send(.typeText("12 Smit"))
        harness.engine.send(.typeText("12 "))
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        let state = harness.engine.state
        #expect(counter.counts.queries == ["12 Smith"])
        #expect(state.suggestions.isEmpty && !state.isListVisible && !state.isSearching)
    }

    @Test("a keystroke cancels the request in flight")
    func keystrokeCancelsInFlightRequest() async {
        let service = GatedAddressService(honoursCancellation: true)
        let harness = EngineHarness(service: service)
        harness.engine.send(.typeText("12 Smith"))
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        harness.engine.send(.typeText("12 Smith S"))
        #expect(service.cancelled == ["search:12 Smith"])
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith S", with: [Fixtures.suggestion(Fixtures.smith)])
        await harness.engine.settle()
        #expect(harness.engine.state.suggestions == [Fixtures.suggestion(Fixtures.smith)])
    }

    @Test("an older query's answer arriving last is never shown")
    func outOfOrderAnswersNeverShown() async {
        let service = GatedAddressService(honoursCancellation: false)
        let harness = EngineHarness(service: service)
        let stream = harness.engine.states()
        let stale = [Fixtures.suggestion(Fixtures.george)]
        let fresh = [Fixtures.suggestion(Fixtures.smith)]
        harness.engine.send(.typeText("12 Smi"))
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        harness.engine.send(.typeText("12 Smith"))
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith", with: fresh)
        service.answer("12 Smi", with: stale)
        await harness.engine.settle()
        #expect(harness.engine.state.suggestions == fresh)
        let published = await harness.published(stream)
        #expect(published.allSatisfy { $0.suggestions != stale }, "the older answer was shown")
    }

    @Test("return searches at once, without waiting for the debounce")
    func submitSearchesAtOnce() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText("12 Smith"))
        harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(harness.clock.now.offset == .zero)
        #expect(counter.counts.queries == ["12 Smith"])
        #expect(harness.engine.state.isListVisible)
        await harness.clock.advance(by: .seconds(1))  // the cancelled debounce does not search again
        await harness.engine.settle()
        #expect(counter.searchCount == 1)
    }

    @Test(
        "three characters or fewer never reach the address service, typed or by the return key; the fourth searches",
        arguments: ["Rye", " Rye ", "Ry", "R", ""])
    func shortQueriesNeverSearch(text: String) async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        harness.engine.send(.typeText(text))
        await harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(counter.searchCount == 0)
        #expect(!harness.engine.state.isSearching)
        #expect(!harness.engine.state.isListVisible)
        harness.engine.send(.typeText("Ryes"))
        harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(counter.counts.queries == ["Ryes"])
    }

    @Test("return after the list was closed reopens it without a new request")
    func submitReopensAnsweredList() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.search("12 Smith")
        harness.engine.send(.tapBackground)
        harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(harness.engine.state.isListVisible)
        #expect(counter.searchCount == 1)
    }

    @Test("a failed search is shown, and cleared by the next successful one")
    func searchFailureShownThenCleared() async {
        let service = GatedAddressService()
        let harness = EngineHarness(service: service)
        harness.engine.send(.typeText("12 Smith"))
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        service.fail("12 Smith", with: .unavailable(reason: "HTTP status 500"))
        await harness.engine.settle()
        #expect(harness.engine.state.failure == .unavailable(reason: "HTTP status 500"))
        harness.engine.send(.typeText("12 Smith S"))
        await harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith S", with: [])
        await harness.engine.settle()
        #expect(harness.engine.state.failure == nil)
    }

    @Test("a background tap closes the list and keeps the suggestions")
    func backgroundTapClosesList() async {
        let harness = EngineHarness()
        await harness.search("12 Smith")
        #expect(harness.engine.state.isListVisible)
        harness.engine.send(.tapBackground)
        let state = harness.engine.state
        #expect(!state.isListVisible)
        #expect(!state.suggestions.isEmpty)
    }
}
