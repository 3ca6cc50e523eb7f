import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Journey start: states, pages, rows and traits")
@MainActor
struct JourneyStartTests {
    @Test("on start required fields are unknown and optional or prefilled fields are valid")
    func initialStates() async throws {
        let harness = try JourneyHarness()
        let state = harness.state
        #expect(state.field("email")?.status == .unknown)
        #expect(state.field("password")?.status == .unknown)
        #expect(state.field("marketingConsent")?.status == .valid)
        #expect(state.pageIndex == 0)
        #expect(state.focus == nil)
        #expect(state.progress == 0)
    }

    @Test("a prefilled valid value starts valid and counts towards progress")
    func prefilledStartsValid() async throws {
        var definition = try FormDefinition.standard(for: .australia)
        let index = try #require(definition.fields.firstIndex { $0.name == "email" })
        definition.fields[index].defaultValue = .text("pat@example.com")
        let harness = try JourneyHarness(definition: definition)
        let state = harness.state
        #expect(state.field("email")?.status == .valid)
        #expect(state.field("email")?.value == .text("pat@example.com"))
        #expect(state.progress > 0)
    }

    @Test("page one shows title and first name side by side, then one field per row")
    func rows() async throws {
        let state = try JourneyHarness().state
        #expect(
            state.rows.map { $0.map(\.name) } == [
                ["title", "firstName"], ["lastName"], ["dateOfBirth"], ["email"], ["mobile"],
            ])
        #expect(state.pages.map(\.name) == ["details", "account"])
        #expect(state.callToAction == CallToAction(purpose: .continue, showsProgress: false, isEnabled: true))
    }

    @Test("fields declare required, focusable, limit, format, keyboard and capitalisation for heads")
    func traits() async throws {
        let state = try JourneyHarness().state
        let title = try #require(state.field("title")?.traits)
        #expect(title.isFocusable == false && title.isRequired)
        let birth = try #require(state.field("dateOfBirth")?.traits)
        #expect(birth.format == .dateOfBirth && birth.keyboard == .number && birth.inputLimit == 10)
        let email = try #require(state.field("email")?.traits)
        #expect(
            email.keyboard == .email && email.capitalisation == FieldTraits.Capitalisation.none
                && email.inputLimit == 254)
        let first = try #require(state.field("firstName")?.traits)
        #expect(first.capitalisation == .words)
        #expect(state.field("password")?.traits.isSecure == true)
        #expect(state.field("marketingConsent")?.traits.isRequired == false)
    }

    @Test("a date of birth typed as digits shows as dd/mm/yyyy, and extra digits are ignored")
    func dateOfBirthFormatting() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.focus(.field("dateOfBirth")))
        harness.journey.send(.change(.field("dateOfBirth"), "2111"))
        #expect(harness.state.field("dateOfBirth")?.displayValue == "21/11")
        harness.journey.send(.change(.field("dateOfBirth"), "2111200899"))
        #expect(harness.state.field("dateOfBirth")?.displayValue == "21/11/2008")
    }

    @Test(
        "mobile numbers are grouped the way the market writes them",
        arguments: [
            (Market.australia, "0412345678", "0412 345 678"),
            (Market.australia, "+61412345678", "+61 412 345 678"),
            (Market.newZealand, "0211234567", "021 123 4567"),
        ])
    func mobileFormatting(market: Market, typed: String, shown: String) async throws {
        let harness = try JourneyHarness(market: market)
        harness.type(typed, into: "mobile")
        let mobile = harness.state.field("mobile")
        #expect(mobile?.displayValue == shown)
        #expect(mobile?.status == .valid)
    }

    @Test("a password shows masked, never as typed")
    func passwordMasked() async throws {
        let harness = try JourneyHarness()
        await harness.reachAccountPage()
        harness.journey.send(.change(.field("password"), "Secret123"))
        #expect(harness.state.field("password")?.displayValue == "•••••••••")
    }

    @Test("the journey comes from the runtime with the market's standard definition")
    func runtimeBuildsStandardDefinition() async throws {
        let services = RuntimeServices(
            clock: EngineClock(VirtualClock()), wallClock: VirtualClock().wallClock(),
            backend: ScriptedAccountBackend(
                embedded: EmbeddedAccountBackend(
                    definition: try .standard(for: .newZealand),
                    environment: RuleEnvironment(market: .newZealand, wallClock: .system()))),
            addressLookup: UnusedAddressLookup(), analytics: AnalyticsPipeline(),
            featureFlags: FeatureFlagStore())
        let journey = try Runtime(brand: JourneyTestBrand(market: .newZealand), services: services).joinForm()
        let state = journey.state
        #expect(state.field("depositLimit")?.traits.isRequired == false)
        #expect(state.fields.count == 11)
    }

    @Test("progress follows every keystroke: editing a valid field takes it back until it is checked again")
    func progressFollowsTyping() async throws {
        let harness = try JourneyHarness()
        harness.type("pat@example.com", into: "email")
        let checked = harness.state.progress
        #expect(checked > 0)
        harness.journey.send(.focus(.field("email")))
        harness.journey.send(.change(.field("email"), "pat@example.co"))
        #expect(harness.state.progress < checked)
        #expect(harness.state.field("email")?.displayValue == "pat@example.co")
        harness.journey.send(.unfocus)
        #expect(harness.state.progress == checked)
    }
}

/// What no person could do on the form as shown, the journey ignores: its own
/// guard, whatever a head sends.
@Suite("Intents out of a person's reach change nothing")
@MainActor
struct UnreachableIntentTests {
    @Test("typing into a field of another page, or a manual address part in search mode, changes nothing")
    func hiddenInputs() async throws {
        let harness = try JourneyHarness()
        harness.journey.send(.change(.field("password"), "Secret123"))
        #expect(harness.state.field("password")?.value == .text(""), "the password is on page two")
        #expect(harness.state.unreachable(by: .change(.field("password"), "x")) == .otherPage)
        await harness.reachAccountPage()
        harness.journey.send(.change(.child("address", "street"), "Smith Street"))
        #expect(harness.state.address?.manualFields.first { $0.field == .street }?.value ?? "" == "")
        #expect(harness.state.unreachable(by: .change(.child("address", "street"), "x")) == .manualPartHidden)
        harness.journey.send(.change(.child("depositLimit", "amount"), "500"))
        #expect(
            harness.state.unreachable(by: .change(.child("depositLimit", "amount"), "5")) == .limitHidden(.undecided))
    }
}
