import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("The address field is the address lookup engine")
@MainActor
struct AddressFieldTests {
    private func accountPage(_ market: Market = .australia) async throws -> JourneyHarness {
        let harness = try JourneyHarness(market: market)
        await harness.reachAccountPage()
        return harness
    }

    @Test("typing in the address field searches after the debounce and choosing a suggestion makes it valid")
    func searchAndChoose() async throws {
        let harness = try await accountPage()
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.change(.field("address"), "12 Smith"))
        #expect(harness.state.address?.suggestions.isEmpty == true)
        await harness.clock.advance(by: .milliseconds(300))
        await harness.journey.settle()
        let suggestions = try #require(harness.state.address?.suggestions)
        #expect(suggestions.count == 2)
        harness.journey.send(.address(.select(id: "au-1")))
        await harness.journey.settle()
        let state = harness.state
        #expect(state.field("address")?.status == .valid)
        #expect(state.address?.address?.postcode == "3066")
        #expect(state.field("address")?.displayValue == suggestions.first { $0.id == "au-1" }?.text)
    }

    @Test("sign-up with no address chosen marks it required and scrolls to it")
    func addressRequired() async throws {
        let harness = try await accountPage()
        await harness.fillAccount()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.field("address")?.status.violations.map(\.code) == [.required])
        #expect(state.focus == .field("address"))
        #expect(state.createdClient == nil)
        await harness.chooseAddress("12 Smith")
        #expect(harness.state.field("address")?.status == .valid)
    }

    @Test("leaving the address search empty makes a required address invalid at once, as a focus change like any other")
    func leftEmpty() async throws {
        let harness = try await accountPage()
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.next)
        let state = harness.state
        #expect(state.field("address")?.status.violations.map(\.code) == [.required])
        #expect(state.field("address")?.messages == ["Search for your address, or enter it manually."])
        #expect(state.focus == .field("username"))
        let left = harness.analytics.events.last { $0.name == JoinEvent.focusChanged.rawValue }
        #expect(left?["from"] == .string("address") && left?["to"] == .string("username"))
    }

    @Test("leaving the address with text but no address chosen makes it invalid; choosing one makes it valid")
    func leftUnchosen() async throws {
        let harness = try await accountPage()
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.change(.field("address"), "12 Smith"))
        harness.journey.send(.unfocus)
        #expect(harness.state.field("address")?.status.violations.map(\.code) == ["address.notChosen"])
        await harness.clock.advance(by: .milliseconds(300))
        await harness.journey.settle()
        harness.journey.send(.address(.select(id: "au-1")))
        await harness.journey.settle()
        #expect(harness.state.field("address")?.status == .valid)
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.unfocus)
        #expect(harness.state.field("address")?.status == .valid, "a chosen address stays valid when left again")
    }

    @Test("an optional address left empty is valid; left with text and nothing chosen it is not")
    func optionalAddress() async throws {
        var definition = try FormDefinition.standard(for: .australia)
        let index = try #require(definition.fields.firstIndex { $0.name == "address" })
        definition.fields[index].validate.mandatory = false
        let harness = try JourneyHarness(definition: definition)
        await harness.reachAccountPage()
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.unfocus)
        #expect(harness.state.field("address")?.status == .valid)
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.change(.field("address"), "nowhere in particular"))
        harness.journey.send(.unfocus)
        #expect(harness.state.field("address")?.status.violations.map(\.code) == ["address.notChosen"])
    }

    @Test("leaving a manual address for another field checks every child it has")
    func leftManual() async throws {
        let harness = try await accountPage()
        harness.journey.send(.address(.enterManually))
        harness.journey.send(.focus(.child("address", "streetNumber")))
        harness.journey.send(.change(.child("address", "streetNumber"), "12"))
        harness.journey.send(.focus(.child("address", "street")))
        #expect(
            harness.state.field("address")?.status == .unknown, "moving within the address checks only the input left")
        harness.journey.send(.focus(.field("username")))
        let address = try #require(harness.state.address)
        #expect(address.manualField(.street)?.status.violations.map(\.code) == [.required])
        #expect(address.manualField(.postcode)?.status.violations.map(\.code) == [.required])
        #expect(harness.state.field("address")?.status.kind == .invalid)
    }

    @Test("manual entry takes focus through its own inputs, skips the state drop-down and hands focus back")
    func manualFocus() async throws {
        let harness = try await accountPage()
        harness.journey.send(.address(.enterManually))
        let order = harness.state.focusOrder
        #expect(
            order == [
                .child("address", "unit"), .child("address", "streetNumber"), .child("address", "street"),
                .child("address", "suburb"), .child("address", "postcode"), .field("username"), .field("password"),
            ])
        harness.journey.send(.focus(.child("address", "postcode")))
        harness.journey.send(.next)
        #expect(harness.state.focus == .field("username"))
    }

    @Test("switching to manual entry moves focus from the search box into the manual form, and back")
    func focusFollowsMode() async throws {
        let harness = try await accountPage()
        harness.journey.send(.focus(.field("address")))
        harness.journey.send(.address(.enterManually))
        #expect(harness.state.focus == .child("address", "unit"))
        harness.journey.send(.address(.backToSearch))
        #expect(harness.state.focus == .field("address"))
    }

    @Test("a manual address is valid only when every child is, and is sent with the registration")
    func manualValidity() async throws {
        let harness = try await accountPage()
        harness.journey.send(.address(.enterManually))
        harness.type("7", into: "address", child: "streetNumber")
        harness.type("Example Road", into: "address", child: "street")
        harness.type("Fitzroy", into: "address", child: "suburb")
        harness.journey.send(.change(.child("address", "state"), "VIC"))
        harness.type("30", into: "address", child: "postcode")
        #expect(harness.state.field("address")?.status.violations.map(\.code) == [.postcodeFormat])
        harness.type("3065", into: "address", child: "postcode")
        #expect(harness.state.field("address")?.status == .valid)
        await harness.fillAccount()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let fields = try #require(await harness.backend.registrations.first?.fields)
        #expect(fields["address.street"] == "Example Road")
        #expect(fields["address.state"] == "VIC")
        #expect(fields["address.postcode"] == "3065")
        #expect(harness.state.createdClient != nil)
    }

    @Test("sign-up with a manual address missing a child stops there, focused on that child")
    func manualMissingChild() async throws {
        let harness = try await accountPage()
        harness.journey.send(.address(.enterManually))
        harness.type("7", into: "address", child: "streetNumber")
        await harness.fillAccount()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.focus == .child("address", "street"))
        #expect(state.address?.manualField(.street)?.status.violations.map(\.code) == [.required])
    }

    @Test("clearing the address empties it again")
    func clear() async throws {
        let harness = try await accountPage()
        await harness.chooseAddress("12 Smith")
        harness.journey.send(.address(.clear))
        let state = harness.state
        #expect(state.address?.address == nil)
        #expect(state.field("address")?.status == .unknown)
        #expect(harness.analytics.events.last?["action"] == .string("clear"))
    }
}

@Suite("The address field after clear", .timeLimit(.minutes(5)))
@MainActor
struct AddressClearJourneyTests {
    @Test(
        "enter manually, back to search, clear, enter manually: sign-up asks for the address and never sends the cleared one"
    )
    func clearedAddressIsNotSubmitted() async throws {
        let harness = try JourneyHarness(market: .australia)
        await harness.reachAccountPage()
        harness.journey.send(.address(.enterManually))
        for (child, text) in [
            ("streetNumber", "7"), ("street", "Example Road"), ("suburb", "Fitzroy"), ("postcode", "3065"),
        ] {
            harness.type(text, into: "address", child: child)
        }
        harness.journey.send(.change(.child("address", "state"), "VIC"))
        #expect(harness.status("address") == .valid)
        harness.journey.send(.address(.backToSearch))
        harness.journey.send(.address(.clear))
        harness.journey.send(.address(.enterManually))
        #expect(harness.state.address?.manualFields.allSatisfy { $0.value.isEmpty } == true)
        #expect(harness.state.field("address")?.displayValue == "")
        await harness.fillAccount()
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.field("address")?.status.violations.map(\.code) == [.required])
        #expect(await harness.backend.registrations.isEmpty, "a registration was sent without an address")
        #expect(harness.state.createdClient == nil)
    }
}
