import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

/// Clear resets everything, and whatever order a person does things in, the
/// address the lookup would submit is the one it shows.
@Suite("What is shown is what is submitted", .timeLimit(.minutes(5)))
@MainActor
struct WhatIsShownIsSubmittedTests {
    private let manualValues: [(AddressPart, String)] = [
        (.streetNumber, "7"), (.street, "Example Road"), (.suburb, "Fitzroy"), (.state, "VIC"), (.postcode, "3065"),
    ]

    @Test("enter manually, back to search, clear, enter manually: the cleared address does not come back")
    func clearedManualAddressStaysCleared() {
        let engine = EngineHarness().engine
        engine.send(.enterManually)
        for (field, value) in manualValues {
            engine.send(.changeManual(field, value))
            engine.send(.leaveManual(field))
        }
        #expect(engine.state.address?.singleLine == "7 Example Road, Fitzroy VIC 3065")
        engine.send(.backToSearch)
        engine.send(.clear)
        engine.send(.enterManually)
        let state = engine.state
        #expect(state.manualFields.allSatisfy { $0.value.isEmpty }, "the manual form kept the cleared values")
        #expect(state.address == nil)
        #expect(state.status == .unknown)
    }

    @Test("clear forgets the pre-fill: entering manually after a cleared selection shows an empty form")
    func clearForgetsPrefill() async {
        let harness = EngineHarness()
        await harness.choose("au-1", after: "12 smith")
        harness.engine.send(.enterManually)
        #expect(harness.engine.state.prefilledFrom == Fixtures.smith)
        harness.engine.send(.backToSearch)
        harness.engine.send(.clear)
        let cleared = harness.engine.state
        #expect(cleared.prefilledFrom == nil && cleared.retrievedAddress == nil && cleared.selectedSuggestion == nil)
        harness.engine.send(.enterManually)
        #expect(harness.engine.state.manualFields.allSatisfy { $0.value.isEmpty })
        #expect(harness.engine.state.address == nil)
    }

    @Test("clear while a retrieval is in flight: its answer never fills the address", .timeLimit(.minutes(5)))
    func clearDropsRetrievalInFlight() async {
        let service = GatedAddressService(honoursCancellation: false)
        let harness = EngineHarness(service: service)
        await harness.searchNow("12 Smith", on: service, answering: [Fixtures.suggestion(Fixtures.smith)])
        harness.engine.send(.select(id: "au-1"))
        harness.engine.send(.enterManually)
        await service.waitForRequests(2)
        harness.engine.send(.clear)
        service.answer(id: "au-1", with: Fixtures.smith)
        await harness.engine.settle()
        let state = harness.engine.state
        #expect(state.address == nil && state.retrievedAddress == nil)
        #expect(state.manualFields.allSatisfy { $0.value.isEmpty })
    }

    /// The address the manual form shows, when every shown child is valid.
    private static func shownManualAddress(_ state: AddressLookupState) -> String? {
        guard state.manualFields.allSatisfy(\.status.isValid) else { return nil }
        func value(_ field: AddressPart) -> String {
            state.manualField(field)?.value.trimmingCharacters(in: .whitespaces) ?? ""
        }
        let number = value(.unit).isEmpty ? value(.streetNumber) : "\(value(.unit))/\(value(.streetNumber))"
        return "\(number) \(value(.street)), \(value(.suburb)) \(value(.state)) \(value(.postcode))"
    }

    /// Checks the invariant, returning what is wrong.
    private static func mismatch(_ state: AddressLookupState) -> String? {
        let submitted = state.address?.singleLine
        switch state.mode {
        case .manual:
            let shown = shownManualAddress(state)
            if submitted != shown {
                return "manual: submits \(submitted ?? "nothing"), shows \(shown ?? "no complete address")"
            }
        case .search:
            guard let submitted else { return nil }
            guard let selected = state.selectedSuggestion else {
                return "search: submits \(submitted) with nothing selected"
            }
            if state.searchText != selected.text {
                return "search: submits \(submitted), the field shows \(state.searchText)"
            }
            if submitted != selected.text { return "search: submits \(submitted), the selection is \(selected.text)" }
        }
        return nil
    }

    @Test("any order of address actions: the submitted address is the one shown (random sequences)")
    func randomSequences() async {
        var random = SeededGenerator(seed: 0x5A17)
        let queries = ["12 smith", "12 Smith Street", "3/12 smith", "7 george", "zzzz", "12 S", ""]
        let values = ["7", "12A", "Example Road", "Fitzroy", "VIC", "NSW", "Victoria", "3065", "30", "", " 9 "]
        for sequence in 0..<150 {
            let harness = EngineHarness()
            var trail: [String] = []
            for _ in 0..<25 {
                let engine = harness.engine
                let action: AddressLookupIntent
                switch Int.random(in: 0..<10, using: &random) {
                case 0: action = .typeText(queries.randomElement(using: &random)!)
                case 1: action = .submit
                case 2:
                    guard let suggestion = engine.state.suggestions.randomElement(using: &random) else { continue }
                    action = .select(id: suggestion.id)
                case 3: action = .enterManually
                case 4: action = .backToSearch
                case 5: action = .tapBackground
                case 6: action = .clear
                case 7:
                    action = .changeManual(
                        AddressPart.fields(in: .australia).randomElement(using: &random)!,
                        values.randomElement(using: &random)!)
                case 8: action = .leaveManual(AddressPart.fields(in: .australia).randomElement(using: &random)!)
                default: action = .validateManual
                }
                engine.send(action)
                trail.append("\(action)")
                if Bool.random(using: &random) {
                    await harness.clock.advance(by: .milliseconds(Int64.random(in: 0...400, using: &random)))
                    await engine.settle()
                    trail.append("settle")
                }
                if let problem = Self.mismatch(engine.state) {
                    Issue.record("sequence \(sequence): \(problem) after \(trail.joined(separator: " → "))")
                    return
                }
                if case .clear = action {
                    let state = engine.state
                    #expect(
                        state.searchText.isEmpty && state.address == nil && state.prefilledFrom == nil
                            && state.manualFields.allSatisfy { $0.value.isEmpty },
                        "sequence \(sequence): clear left something")
                }
            }
        }
    }
}
