import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Deposit limit: the Australian prompt and parent validity")
@MainActor
struct DepositLimitTests {
    private func accountPage(_ market: Market = .australia) async throws -> JourneyHarness {
        let harness = try JourneyHarness(market: market, definition: .standard(for: market, removing: ["address"]))
        await harness.reachAccountPage()
        return harness
    }

    @Test("in Australia sign-up stops until a deposit-limit decision is made")
    func decisionRequired() async throws {
        let harness = try await accountPage()
        await harness.fillAccount(depositLimit: .undecided)
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.field("depositLimit")?.status.violations.map(\.code) == ["depositLimit.decision"])
        #expect(state.scrollTarget == .field("depositLimit"))
        #expect(state.createdClient == nil)
    }

    @Test("declining a limit is a valid choice, recorded with the registration and in analytics")
    func declining() async throws {
        let harness = try await accountPage()
        await harness.fillAccount(depositLimit: .declined)
        #expect(harness.status("depositLimit") == .valid)
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(await harness.backend.registrations.first?.fields["depositLimit"] == "declined")
        let chosen = harness.analytics.events.first { $0.name == JoinEvent.depositLimitChosen.rawValue }
        #expect(chosen?["decision"] == .string("declined"))
    }

    @Test("a limit is valid only when its amount and period are")
    func parentFromChildren() async throws {
        let harness = try await accountPage()
        await harness.fillAccount(depositLimit: .limited)
        #expect(harness.state.depositLimit?.visibleChildren.map(\.key) == ["amount", "period"])
        #expect(harness.status("depositLimit") == .unknown)
        harness.journey.send(.focus(.child("depositLimit", "amount")))
        harness.journey.send(.change(.child("depositLimit", "amount"), "12.50"))
        harness.journey.send(.unfocus)
        #expect(harness.status("depositLimit")?.violations.map(\.code) == ["depositLimit.amount"])
        harness.journey.send(.focus(.child("depositLimit", "amount")))
        harness.journey.send(.change(.child("depositLimit", "amount"), "500"))
        harness.journey.send(.unfocus)
        harness.journey.send(.change(.child("depositLimit", "period"), "weekly"))
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.status("depositLimit") == .valid)
        let fields = await harness.backend.registrations.first?.fields
        #expect(fields?["depositLimit"] == "limited")
        #expect(fields?["depositLimit.amount"] == "500")
        #expect(fields?["depositLimit.period"] == "weekly")
    }

    @Test("leaving the limit's amount for outside the limit checks the whole limit: the amount, then the period")
    func leftLimit() async throws {
        let harness = try await accountPage()
        harness.journey.send(.chooseDepositLimit(.limited))
        harness.journey.send(.focus(.child("depositLimit", "amount")))
        harness.journey.send(.unfocus)
        #expect(harness.status("depositLimit")?.violations.map(\.code) == [.required])
        #expect(harness.state.depositLimit?.period.status.violations.map(\.code) == [.required])
        harness.journey.send(.focus(.child("depositLimit", "amount")))
        harness.journey.send(.change(.child("depositLimit", "amount"), "500"))
        harness.journey.send(.unfocus)
        #expect(harness.state.depositLimit?.amount.status == .valid)
        #expect(harness.status("depositLimit")?.violations.map(\.code) == [.required], "the period is still missing")
        harness.journey.send(.change(.child("depositLimit", "period"), "weekly"))
        #expect(harness.status("depositLimit") == .valid)
    }

    @Test("sign-up with a limit but no period stops at the limit, scrolled to the period")
    func missingPeriod() async throws {
        let harness = try await accountPage()
        await harness.fillAccount(depositLimit: .limited)
        harness.journey.send(.change(.child("depositLimit", "amount"), "500"))
        harness.journey.send(.continue)
        await harness.journey.settle()
        let state = harness.state
        #expect(state.depositLimit?.period.status.violations.map(\.code) == [.required])
        #expect(state.scrollTarget == .child("depositLimit", "period"))
        #expect(state.createdClient == nil)
    }

    @Test("in New Zealand the limit is optional: no decision still signs up")
    func optionalInNewZealand() async throws {
        let harness = try await accountPage(.newZealand)
        await harness.fillAccount(depositLimit: .undecided)
        #expect(harness.status("depositLimit") == .valid)
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.createdClient != nil)
    }

    @Test(
        "the amount is a whole number from 1 to 999999; the period one of the listed periods",
        arguments: [
            ("0", false), ("1", true), ("999999", true), ("1000000", false), ("12.50", false), ("1,000", false),
        ])
    func amountEdges(amount: String, valid: Bool) {
        var form = DepositLimitState(isRequired: true)
        form.choose(.limited)
        form.change(DepositLimitState.amountKey, to: amount)
        form.change(DepositLimitState.periodKey, to: "fortnightly")
        form.validate()
        #expect(form.status.isValid == valid)
        form.change(DepositLimitState.periodKey, to: "yearly")
        form.validate()
        #expect(form.childViolations()[DepositLimitState.periodKey]?.map(\.code) == [.choiceInvalid])
    }
}
