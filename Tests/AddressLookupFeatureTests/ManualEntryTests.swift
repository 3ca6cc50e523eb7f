import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

@Suite("Enter manually")
@MainActor
struct ManualEntryTests {
    @Test("entering manually after a selection pre-fills every field from the retrieved address")
    func prefillsFromSelection() async {
        let harness = EngineHarness()
        await harness.choose("au-2", after: "3/12 smith")
        harness.engine.send(.enterManually)
        let state = harness.engine.state
        #expect(state.mode == .manual && !state.isListVisible)
        #expect(state.manualFields.map(\.value) == ["3", "12", "Smith Street", "Collingwood", "VIC", "3066"])
        #expect(state.manualFields.allSatisfy { $0.status.isValid })
        #expect(state.address?.singleLine == Fixtures.smithUnit.singleLine)
    }

    @Test("entering manually without a selection shows empty, unchecked fields")
    func emptyWithoutSelection() async {
        let harness = EngineHarness()
        harness.engine.send(.typeText("somewhere"))
        harness.engine.send(.enterManually)
        let state = harness.engine.state
        #expect(state.mode == .manual)
        #expect(state.manualFields.allSatisfy { $0.value.isEmpty })
        #expect(state.manualFields.filter(\.isRequired).allSatisfy { $0.status == .unknown })
        #expect(state.address == nil)
        await harness.clock.advance(by: .seconds(1))  // the pending search was dropped
        await harness.engine.settle()
        #expect(harness.engine.state.suggestions.isEmpty)
    }

    @Test("entering manually while the address is being retrieved fills the fields when it arrives")
    func prefillsWhenRetrievalArrives() async {
        let service = GatedAddressService()
        let harness = EngineHarness(market: .newZealand, service: service)
        await harness.searchNow("1 queen", on: service, answering: [Fixtures.suggestion(Fixtures.queen)])
        harness.engine.send(.select(id: "nz-1"))
        harness.engine.send(.enterManually)
        await service.waitForRequests(2)
        service.answer(id: "nz-1", with: Fixtures.queen)
        await harness.engine.settle()
        let state = harness.engine.state
        #expect(state.manualFields.map(\.value) == ["", "1", "Queen Street", "Auckland Central", "Auckland", "1010"])
        #expect(state.address?.singleLine == Fixtures.queen.singleLine)
    }

    @Test("back to search shows the retrieved address again and keeps the typed manual values")
    func backToSearch() async {
        let harness = EngineHarness()
        await harness.choose("au-1", after: "12 smith street")
        harness.engine.send(.enterManually)
        harness.engine.send(.changeManual(.street, "Smith Lane"))
        harness.engine.send(.backToSearch)
        let state = harness.engine.state
        #expect(state.mode == .search)
        #expect(state.address == Fixtures.smith)
        #expect(state.manualField(.street)?.value == "Smith Lane")
    }
}
