import AddressLookupFeature
import LiveryCore
import Testing

@Suite("Search as you type (A1)")
struct SearchAsYouTypeTests {
    @Test("typing \"12 Smith Street\" at 80 ms per key issues one search, not one per key")
    func oneSearchForATypedAddress() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.type("12 Smith Street")
        await harness.engine.settle()
        #expect(await counter.searchCount == 0) // 80 ms after the last key: still debouncing
        harness.clock.advance(by: .milliseconds(220))
        await harness.engine.settle()
        #expect(await counter.counts.queries == ["12 Smith Street"])
        #expect(await harness.engine.state.suggestions.first == Fixtures.suggestion(Fixtures.smith))
    }

    @Test("a 4-character query such as \"12 S\" searches after the debounce")
    func fourCharactersSearch() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.engine.send(.typeText("12 S"))
        harness.clock.advance(by: .milliseconds(299))
        await harness.engine.settle()
        #expect(await counter.searchCount == 0)
        #expect(await harness.engine.state.isSearching)
        harness.clock.advance(by: .milliseconds(1))
        await harness.engine.settle()
        #expect(await counter.counts.queries == ["12 S"])
        #expect(await harness.engine.state.isListVisible)
    }

    @Test("a 3-character query such as \"12 \" never searches")
    func threeCharactersDoNotSearch() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.engine.send(.typeText("12 "))
        #expect(await !harness.engine.state.isSearching)
        harness.clock.advance(by: .seconds(5))
        await harness.engine.settle()
        #expect(await counter.searchCount == 0)
    }

    @Test("deleting back below 4 characters cancels the pending search and hides the list")
    func shorteningCancels() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.search("12 Smith")
        await harness.engine.send(.typeText("12 Smit"))
        await harness.engine.send(.typeText("12 "))
        harness.clock.advance(by: .seconds(1))
        await harness.engine.settle()
        let state = await harness.engine.state
        #expect(await counter.counts.queries == ["12 Smith"])
        #expect(state.suggestions.isEmpty && !state.isListVisible && !state.isSearching)
    }

    @Test("a keystroke cancels the request in flight")
    func keystrokeCancelsInFlightRequest() async {
        let service = GatedAddressService(honoursCancellation: true)
        let harness = EngineHarness(service: service)
        await harness.engine.send(.typeText("12 Smith"))
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        await harness.engine.send(.typeText("12 Smith S"))
        #expect(service.cancelled == ["search:12 Smith"])
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith S", with: [Fixtures.suggestion(Fixtures.smith)])
        await harness.engine.settle()
        #expect(await harness.engine.state.suggestions == [Fixtures.suggestion(Fixtures.smith)])
    }

    @Test("an older query's answer arriving last is never shown")
    func outOfOrderAnswersNeverShown() async {
        let service = GatedAddressService(honoursCancellation: false)
        let recorder = StateRecorder()
        let harness = EngineHarness(service: service, observer: recorder.observer)
        let stale = [Fixtures.suggestion(Fixtures.george)], fresh = [Fixtures.suggestion(Fixtures.smith)]
        await harness.engine.send(.typeText("12 Smi"))
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        await harness.engine.send(.typeText("12 Smith"))
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith", with: fresh)
        service.answer("12 Smi", with: stale)
        await harness.engine.settle()
        #expect(await harness.engine.state.suggestions == fresh)
        #expect(await recorder.states.allSatisfy { $0.suggestions != stale })
    }

    @Test("return searches at once, without waiting for the debounce")
    func submitSearchesAtOnce() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.engine.send(.typeText("12 Smith"))
        await harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(harness.clock.now.offset == .zero)
        #expect(await counter.counts.queries == ["12 Smith"])
        #expect(await harness.engine.state.isListVisible)
        harness.clock.advance(by: .seconds(1)) // the cancelled debounce does not search again
        await harness.engine.settle()
        #expect(await counter.searchCount == 1)
    }

    @Test("return after the list was closed reopens it without a new request")
    func submitReopensAnsweredList() async {
        let counter = CountingAddressLookupService(wrapping: Fixtures.service)
        let harness = EngineHarness(service: counter)
        await harness.search("12 Smith")
        await harness.engine.send(.tapBackground)
        await harness.engine.send(.submit)
        await harness.engine.settle()
        #expect(await harness.engine.state.isListVisible)
        #expect(await counter.searchCount == 1)
    }

    @Test("a failed search is shown, and cleared by the next successful one")
    func searchFailureShownThenCleared() async {
        let service = GatedAddressService()
        let harness = EngineHarness(service: service)
        await harness.engine.send(.typeText("12 Smith"))
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(1)
        service.fail("12 Smith", with: .unavailable(reason: "HTTP status 500"))
        await harness.engine.settle()
        #expect(await harness.engine.state.failure == .unavailable(reason: "HTTP status 500"))
        await harness.engine.send(.typeText("12 Smith S"))
        harness.clock.advance(by: .milliseconds(300))
        await service.waitForRequests(2)
        service.answer("12 Smith S", with: [])
        await harness.engine.settle()
        #expect(await harness.engine.state.failure == nil)
    }

    @Test("a background tap closes the list and keeps the suggestions")
    func backgroundTapClosesList() async {
        let harness = EngineHarness()
        await harness.search("12 Smith")
        #expect(await harness.engine.state.isListVisible)
        await harness.engine.send(.tapBackground)
        let state = await harness.engine.state
        #expect(!state.isListVisible)
        #expect(!state.suggestions.isEmpty)
    }
}
