import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Definitions from data drive the journey")
@MainActor
struct SeedConfigurationJourneyTests {
    @Test("a minimal server configuration runs as a one-page journey that signs up")
    func minimalConfiguration() async throws {
        let definition = try FormDefinition.load(
            json: Data(
                """
                { "fields": [
                    {"name": "Mobile", "inputType": "Tel", "validate": {"mandatory": true, "custom": [{"rule": "mobile"}]}},
                    {"name": "Password", "inputType": "Password", "validate": {"mandatory": true}},
                    {"name": "TermsAndConditions", "inputType": "Checkbox", "validate": {"mandatory": true}}
                ] }
                """.utf8))
        let harness = try JourneyHarness(definition: definition)
        #expect(harness.state.callToAction.purpose == .signUp)
        harness.type("0412345678", into: "Mobile")
        harness.type("anything", into: "Password")
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.scrollTarget == .field("TermsAndConditions"))
        #expect(harness.status("TermsAndConditions")?.violations.map(\.code) == [.consentRequired])
        harness.journey.send(.toggle("TermsAndConditions"))
        #expect(harness.status("TermsAndConditions") == .valid, "a tick box is checked as it is ticked")
        harness.journey.send(.toggle("TermsAndConditions"))
        #expect(
            harness.status("TermsAndConditions")?.violations.map(\.code) == [.consentRequired], "and as it is unticked")
        harness.journey.send(.toggle("TermsAndConditions"))
        harness.journey.send(.continue)
        await harness.journey.settle()
        #expect(harness.state.createdClient != nil)
        #expect(await harness.backend.registrations.first?.fields["TermsAndConditions"] == "true")
    }

    @Test("a brand's amended definition replaces the standard one: an extra optional field appears in its row")
    func amendedDefinition() async throws {
        let promo = try FieldDefinition(
            name: "promoCode", inputType: .text, validate: ValidationDefinition(maxLength: 12))
        let amended = try FormDefinition.standard(for: .australia, adding: promo, after: "mobile")
        let harness = try JourneyHarness(definition: amended)
        let state = harness.state
        #expect(state.rows.last?.map(\.name) == ["promoCode"])
        #expect(state.field("promoCode")?.status == .valid)
        #expect(state.field("promoCode")?.traits.inputLimit == 12)
    }

    @Test("typing beyond a field's input limit keeps only what fits")
    func inputLimit() async throws {
        let harness = try JourneyHarness()
        harness.type(String(repeating: "a", count: 60), into: "firstName")
        #expect(harness.state.field("firstName")?.value == .text(String(repeating: "a", count: 50)))
    }
}
