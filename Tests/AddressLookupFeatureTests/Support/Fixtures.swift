import AddressLookupFeature
import LiveryCore
import LiveryTesting

/// A few addresses every engine test can find.
enum Fixtures {
    static let smith = PostalAddress(
        id: "au-1", streetNumber: "12", street: "Smith Street",
        places: [.suburb: "Collingwood", .state: "VIC"], postcode: "3066", in: Market.australia.address)
    static let smithUnit = PostalAddress(
        id: "au-2", unit: "3", streetNumber: "12", street: "Smith Street",
        places: [.suburb: "Collingwood", .state: "VIC"], postcode: "3066", in: Market.australia.address)
    static let smithFitzroy = PostalAddress(
        id: "au-3", streetNumber: "120", street: "Smith Street",
        places: [.suburb: "Fitzroy", .state: "VIC"], postcode: "3065", in: Market.australia.address)
    static let george = PostalAddress(
        id: "au-4", streetNumber: "7", street: "George Road",
        places: [.suburb: "Sydney", .state: "NSW"], postcode: "2000", in: Market.australia.address)
    static let queen = PostalAddress(
        id: "nz-1", streetNumber: "1", street: "Queen Street",
        places: [.suburb: "Auckland Central", .city: "Auckland"], postcode: "1010", in: Market.newZealand.address)
    static let kowhai = PostalAddress(
        id: "nz-2", streetNumber: "12", street: "Kowhai Street",
        places: [.city: "Whangārei"], postcode: "0110", in: Market.newZealand.address)

    static let all = [smith, smithUnit, smithFitzroy, george, queen, kowhai]

    static func suggestion(_ address: PostalAddress) -> AddressSuggestion {
        AddressSuggestion(id: address.id!, text: address.singleLine)
    }

    /// An embedded service over ``all``.
    static var service: EmbeddedAddressLookupService { EmbeddedAddressLookupService(addresses: all) }
}

/// A stand-alone address lookup in the store a head holds, on a virtual
/// clock, with the default settings (300 ms debounce).
@MainActor
struct EngineHarness {
    let clock = VirtualClock()
    let engine: AddressLookupStore

    init(market: Market = .australia, service: any AddressLookupService = Fixtures.service) {
        engine = Store(AddressLookupSession(AddressLookup(market: market, service: service, clock: EngineClock(clock))))
    }

    /// Types `text` one character at a time, `interval` apart on the clock.
    func type(_ text: String, every interval: Duration = .milliseconds(80)) async {
        var typed = ""
        for character in text {
            typed.append(character)
            engine.send(.typeText(typed))
            await clock.advance(by: interval)
        }
    }

    /// Sets the search text, lets the debounce pass and waits for the answer.
    func search(_ text: String) async {
        engine.send(.typeText(text))
        await clock.advance(by: .milliseconds(300))
        await engine.settle()
    }

    /// Searches for `query`, then chooses the suggestion `id` and waits for its address.
    func choose(_ id: String, after query: String) async {
        await search(query)
        engine.send(.select(id: id))
        await engine.settle()
    }

    /// Searches for `query` at once (return) on a gated `service`, answers
    /// with `suggestions` and waits for the list.
    func searchNow(_ query: String, on service: GatedAddressService, answering suggestions: [AddressSuggestion]) async {
        engine.send(.typeText(query))
        engine.send(.submit)
        await service.waitForRequests(service.requests.count + 1)
        service.answer(query, with: suggestions)
        await engine.settle()
    }

    /// Every state `stream` published, up to the one the store shows now.
    func published(_ stream: AsyncStream<AddressLookupState>) async -> [AddressLookupState] {
        var seen: [AddressLookupState] = []
        for await state in stream {
            seen.append(state)
            if state == engine.state { break }
        }
        return seen
    }
}
