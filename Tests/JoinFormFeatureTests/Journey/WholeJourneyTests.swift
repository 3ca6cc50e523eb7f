import AddressLookupFeature
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("The whole journey, from an empty form to a created client")
@MainActor
struct WholeJourneyTests {
    @Test("Australia: details, address by search, username, password, a declined deposit limit, signed up")
    func australia() async throws {
        let harness = try JourneyHarness(market: .australia)
        harness.fillDetails()
        #expect(harness.state.progress > 0.4)
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.pageIndex == 1)
        await harness.chooseAddress("12 Smith")
        await harness.fillAccount(depositLimit: .declined)
        #expect(harness.state.progress == 1)
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        let client = try #require(state.createdClient)
        #expect(state.route == .signedUp(client))
        let stored = try #require(harness.backend.embedded.clients.first)
        #expect(stored.fields["address.suburb"] == "Collingwood")
        #expect(stored.fields["mobile"] == "0412 345 678")
        #expect(stored.fields["dateOfBirth"] == "01/02/2000")
        #expect(stored.fields["depositLimit"] == "declined")
        #expect(stored.fields["password"] == nil)
    }

    @Test("New Zealand: NZ mobile and address, no deposit-limit decision needed, signed up")
    func newZealand() async throws {
        let harness = try JourneyHarness(market: .newZealand)
        harness.fillDetails()
        harness.journey.send(.continue)
        await harness.journey.settle()
        await harness.chooseAddress("1 Queen")
        await harness.fillAccount(depositLimit: .undecided)
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.createdClient != nil)
        let stored = try #require(harness.backend.embedded.clients.first)
        #expect(stored.fields["mobile"] == "021 123 4567")
        #expect(stored.fields["address.city"] == "Auckland")
        #expect(stored.fields["depositLimit"] == "undecided")
    }

    @Test(
        "someone under 18 cannot get past page one (18 or over everywhere)", arguments: [Market.australia, .newZealand])
    func underage(market: Market) async throws {
        let harness = try JourneyHarness(market: market)
        harness.fillDetails(dateOfBirth: "01012010")
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.pageIndex == 0)
        #expect(state.field("dateOfBirth")?.status.violations.map(\.code) == [.ageMinimum])
        #expect(state.focus == .field("dateOfBirth"))
    }
}
