import AppBarFeature
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Testing
import TabNZBrand

/// What is New Zealand about TAB NZ (SPEC A5, B2, J16, J17), driven on its assembled runtime.
@Suite("TAB NZ: region and app bar", .timeLimit(.minutes(1)))
struct TabNZJourneyTests {
    private let headless: HeadlessRuntime

    init() throws {
        headless = try Composition([TabNZBrand()]).headless("tabnz")
    }

    private func typeAndLeave(_ journey: JoinJourney, _ field: FieldName, _ text: String) async {
        await journey.send(.focus(.field(field)))
        await journey.send(.change(.field(field), text))
        await journey.send(.unfocus)
        await journey.settle()
    }

    @Test("an NZ mobile is valid and shown grouped; an Australian one is not")
    func mobile() async throws {
        let journey = try headless.joinForm()
        await typeAndLeave(journey, "mobile", "0211234567")
        #expect(await journey.state.field("mobile")?.status == .valid)
        #expect(await journey.state.field("mobile")?.displayValue == "021 123 4567")
        await typeAndLeave(journey, "mobile", "0412345678")
        #expect(await journey.state.field("mobile")?.status.violations.map(\.code) == [.mobileFormat])
    }

    @Test("the address lookup finds New Zealand addresses, never Australian ones")
    func nzAddresses() async throws {
        let lookup = headless.addressLookup()
        await lookup.send(.typeText("12 Smith Street"))
        await lookup.send(.submit)
        await lookup.settle()
        let suggestions = await lookup.state.suggestions
        #expect(!suggestions.contains { $0.text.contains("VIC") || $0.text.contains("NSW") })
        await lookup.send(.typeText("1 Queen Street Auckland"))
        await lookup.send(.submit)
        await lookup.settle()
        #expect(await lookup.state.suggestions.first?.text == "1 Queen Street, Auckland Central, Auckland 1010")
    }

    @Test("the manual address asks for a city, not a state")
    func manualForm() async throws {
        let journey = try headless.joinForm()
        let children = await journey.state.address?.manualFields.map(\.field)
        #expect(children?.contains(.city) == true)
        #expect(children?.contains(.state) == false)
    }

    @Test("no deposit-limit decision is required")
    func depositLimitOptional() async throws {
        let journey = try headless.joinForm()
        #expect(await journey.state.depositLimit?.isRequired == false)
        #expect(await journey.state.field("depositLimit")?.status == .valid)
    }

    @Test("signed in, the app bar has no promotions entry")
    func noPromotions() async throws {
        let bar = headless.appBar()
        headless.session.signIn(ClientDetails(balance: 5, promotionsBalance: 3))
        while await !bar.state.isSignedIn { await Task.yield() }
        let ids = await bar.state.rightIDs.filter { !$0.isSpacer }
        #expect(ids == [.search, .balance, .pendingBets, .betslip])
        #expect(await bar.state.item(.pendingBets)?.iconAsset == "tabnz.icon.pending")
    }
}
