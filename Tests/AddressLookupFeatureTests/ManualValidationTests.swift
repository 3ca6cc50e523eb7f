import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

@Suite("Manual address fields per market")
@MainActor
struct ManualValidationTests {
    private func manualEngine(_ market: Market) -> AddressLookupStore {
        let engine = EngineHarness(market: market).engine
        engine.send(.enterManually)
        return engine
    }

    private func codes(_ engine: AddressLookupStore, _ field: AddressPart) -> [RuleCode] {
        engine.state.manualField(field)?.status.violations.map(\.code) ?? []
    }

    @Test(
        "Australia asks for unit, number, street, suburb, state and postcode; New Zealand for a city instead of a state"
    )
    func fieldsPerMarket() {
        #expect(
            AddressPart.fields(in: .australia) == [.unit, .streetNumber, .street, .suburb, .state, .postcode])
        #expect(
            AddressPart.fields(in: .newZealand) == [.unit, .streetNumber, .street, .suburb, .city, .postcode])
        #expect(AddressPart.allCases.filter { !$0.isFocusable(in: .australia) } == [.state])
        #expect(AddressPart.allCases.allSatisfy { $0.isFocusable(in: .newZealand) })
    }

    @Test("the Australian state is chosen from the fixed list of states and territories")
    func australianStateFromList() async {
        let engine = manualEngine(.australia)
        #expect(engine.state.manualField(.state)?.options == ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"])
        engine.send(.changeManual(.state, "Victoria"))
        engine.send(.leaveManual(.state))
        #expect(codes(engine, .state) == [.choiceInvalid])
        engine.send(.changeManual(.state, "VIC"))
        #expect(engine.state.manualField(.state)?.status == .valid)
    }

    @Test(
        "a postcode needs four digits, and a fixed one is accepted as soon as it is typed",
        arguments: [Market.australia, .newZealand])
    func fourDigitPostcode(market: Market) async {
        let engine = manualEngine(market)
        engine.send(.changeManual(.postcode, "306"))
        #expect(engine.state.manualField(.postcode)?.status == .unknown)  // checked on leave, not while typing
        engine.send(.leaveManual(.postcode))
        #expect(codes(engine, .postcode) == [.postcodeFormat])
        engine.send(.changeManual(.postcode, "3066"))
        #expect(engine.state.manualField(.postcode)?.status == .valid)
    }

    @Test(
        "a British address asks for a town and maybe a county and number (a house name has none); its postcode is upper-cased as typed and checked in its real shapes"
    )
    func britishAddress() async {
        let engine = manualEngine(.greatBritain)
        #expect(engine.state.manualFields.map(\.field) == [.unit, .streetNumber, .street, .town, .county, .postcode])
        engine.send(.validateManual)
        let required = engine.state.manualFields.filter { $0.status.violations.map(\.code) == [.required] }.map(\.field)
        #expect(required == [.street, .town, .postcode])
        engine.send(.changeManual(.postcode, "sw1a 1a"))
        engine.send(.leaveManual(.postcode))
        #expect(codes(engine, .postcode) == [.postcodeFormat])
        #expect(
            engine.state.manualField(.postcode)?.status.violations.first?.message == "Enter a postcode like SW1A 1AA.")
        engine.send(.changeManual(.postcode, "sw1a 1aa"))
        #expect(engine.state.manualField(.postcode)?.status == .valid)
        for (part, text) in [(AddressPart.streetNumber, "10"), (.street, "Downing Street"), (.town, "London")] {
            engine.send(.changeManual(part, text))
            engine.send(.leaveManual(part))
        }
        #expect(engine.state.address?.singleLine == "10 Downing Street, London, SW1A 1AA")
        #expect(engine.state.address?.postcode == "SW1A 1AA", "stored as the market writes it")
    }

    @Test("Australia requires the suburb; the unit is optional")
    func australianRequirements() async {
        let engine = manualEngine(.australia)
        engine.send(.validateManual)
        let required = engine.state.manualFields.filter { $0.status.violations.map(\.code) == [.required] }.map(\.field)
        #expect(required == [.streetNumber, .street, .suburb, .state, .postcode])
        #expect(engine.state.manualField(.unit)?.status == .valid)
    }

    @Test("New Zealand requires the city; the suburb and the unit are optional")
    func newZealandRequirements() async {
        let engine = manualEngine(.newZealand)
        engine.send(.validateManual)
        let required = engine.state.manualFields.filter { $0.status.violations.map(\.code) == [.required] }.map(\.field)
        #expect(required == [.streetNumber, .street, .city, .postcode])
        #expect(engine.state.manualField(.suburb)?.isRequired == false)
        #expect(engine.state.manualField(.suburb)?.status == .valid)
    }

    @Test("a valid New Zealand form without a suburb gives an address in its city")
    func newZealandAddressWithoutSuburb() async {
        let engine = manualEngine(.newZealand)
        for (field, value) in [
            (AddressPart.streetNumber, "12"), (.street, " Kowhai Street "),
            (.city, "Whangārei"), (.postcode, "0110"),
        ] {
            engine.send(.changeManual(field, value))
            engine.send(.leaveManual(field))
        }
        let address = engine.state.address
        #expect(
            address
                == PostalAddress(
                    streetNumber: "12", street: "Kowhai Street",
                    places: [.city: "Whangārei"], postcode: "0110", in: Market.newZealand.address))
    }
}

@Suite("Parent address status")
@MainActor
struct ParentStatusTests {
    @Test("in search mode the address is unknown until one is retrieved, then valid")
    func searchModeValidAfterRetrieval() async {
        let harness = EngineHarness()
        await harness.search("12 smith street")
        #expect(harness.engine.state.status == .unknown)
        harness.engine.send(.select(id: "au-1"))
        await harness.engine.settle()
        #expect(harness.engine.state.status == .valid)
    }

    @Test("in search mode a failed retrieval is an error")
    func searchModeErrorWhenRetrievalFails() async {
        let service = GatedAddressService()
        let harness = EngineHarness(service: service)
        let engine = harness.engine
        await harness.searchNow("12 smith", on: service, answering: [Fixtures.suggestion(Fixtures.smith)])
        engine.send(.select(id: "au-1"))
        await service.waitForRequests(2)
        service.fail(id: "au-1", with: .unavailable(reason: "HTTP status 503"))
        await engine.settle()
        #expect(engine.state.status.kind == .error)
    }

    @Test("in manual mode the address is invalid with the first invalid child's violations")
    func manualInvalidWithFirstChild() async {
        let engine = EngineHarness().engine
        engine.send(.enterManually)
        engine.send(.changeManual(.postcode, "30"))
        engine.send(.leaveManual(.postcode))
        engine.send(.leaveManual(.street))
        #expect(engine.state.status.violations.map(\.code) == [.required])  // street comes before postcode
    }

    @Test("in manual mode the address is unknown while a required child is unchecked, valid when all are valid")
    func manualUnknownThenValid() async {
        let engine = EngineHarness().engine
        engine.send(.enterManually)
        let values: [(AddressPart, String)] = [
            (.streetNumber, "7"), (.street, "George Road"),
            (.suburb, "Sydney"), (.state, "NSW"), (.postcode, "2000"),
        ]
        for (field, value) in values {
            #expect(engine.state.status == .unknown)
            engine.send(.changeManual(field, value))
            engine.send(.leaveManual(field))
        }
        #expect(engine.state.status == .valid)
        #expect(engine.state.address?.singleLine == "7 George Road, Sydney NSW 2000")
    }
}
