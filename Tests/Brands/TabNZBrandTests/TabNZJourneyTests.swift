import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore
import TabNZBrand
import Testing

/// What is New Zealand about TAB NZ, driven on its runtime as the composition root assembles it.
@Suite("TAB NZ: market and app bar", .timeLimit(.minutes(5)))
@MainActor
struct TabNZJourneyTests {
    private let world = EmbeddedWorld()

    private func runtime() async throws -> Runtime {
        try await Composition([TabNZBrand.load()]).assemble("tabnz", on: .embedded(world)).runtime
    }

    private func typeAndLeave(_ journey: JoinFormStore, _ field: FieldName, _ text: String) async {
        journey.send(.focus(.field(field)))
        journey.send(.change(.field(field), text))
        journey.send(.unfocus)
        await journey.settle()
    }

    @Test("an NZ mobile is valid and shown grouped; an Australian one is not")
    func mobile() async throws {
        let journey = try await runtime().joinForm()
        await typeAndLeave(journey, "mobile", "0211234567")
        #expect(journey.state.field("mobile")?.status == .valid)
        #expect(journey.state.field("mobile")?.displayValue == "021 123 4567")
        await typeAndLeave(journey, "mobile", "0412345678")
        #expect(journey.state.field("mobile")?.status.violations.map(\.code) == [.mobileFormat])
    }

    @Test("the address lookup finds New Zealand addresses, never Australian ones")
    func nzAddresses() async throws {
        let lookup = try await runtime().addressLookup()
        lookup.send(.typeText("12 Smith Street"))
        lookup.send(.submit)
        await lookup.settle()
        let suggestions = lookup.state.suggestions
        #expect(!suggestions.contains { $0.text.contains("VIC") || $0.text.contains("NSW") })
        lookup.send(.typeText("1 Queen Street Auckland"))
        lookup.send(.submit)
        await lookup.settle()
        #expect(lookup.state.suggestions.first?.text == "1 Queen Street, Auckland Central, Auckland 1010")
    }

    @Test("the manual address asks for a city, not a state")
    func manualForm() async throws {
        let children = try await runtime().joinForm().state.address?.manualFields.map(\.field)
        #expect(children?.contains(.city) == true)
        #expect(children?.contains(.state) == false)
    }

    @Test("no deposit-limit decision is required")
    func depositLimitOptional() async throws {
        let state = try await runtime().joinForm().state
        #expect(state.depositLimit?.isRequired == false)
        #expect(state.field("depositLimit")?.status == .valid)
    }

    @Test("signed in, the app bar has no promotions entry")
    func noPromotions() async throws {
        let bar = try await runtime().appBar()
        world.session.signIn(ClientDetails(balance: 5, promotionsBalance: 3))
        await bar.settle()
        #expect(bar.state.isSignedIn)
        #expect(bar.state.rightIDs.filter { !$0.isSpacer } == [.search, .balance, .pendingBets, .betslip])
        #expect(bar.state.item(.pendingBets)?.iconAsset == "tabnz.icon.pending")
    }
}
