import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Analytics of the journey")
@MainActor
struct JourneyAnalyticsTests {
    @Test("focus changes, continue and the sign-up result are events tagged with brand, market and page")
    func events() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.reachAccountPage()
        await harness.fillAccount()
        harness.journey.send(.continue)
        await harness.journey.settle()
        let events = harness.analytics.events
        let focus = try #require(events.first { $0.name == JoinEvent.focusChanged.rawValue })
        #expect(focus["to"] == .string("firstName"))
        #expect(focus["brand"] == .string("test-au") && focus["market"] == .string("AU"))
        #expect(focus["page"] == .string("details") && focus["screen"] == .string("join/details"))
        #expect(
            events.filter { $0.name == JoinEvent.continued.rawValue }.map { $0["outcome"] } == [
                .string("valid"), .string("valid"),
            ])
        #expect(events.contains { $0.name == JoinEvent.pageShown.rawValue && $0["direction"] == .string("forward") })
        #expect(events.last?.name == JoinEvent.signUp.rawValue && events.last?["outcome"] == .string("created"))
    }

    @Test("a continue that stops names the field and the outcome, not the value")
    func stoppedContinue() async throws {
        let harness = try JourneyHarness()
        harness.type("pat@", into: "email")
        harness.journey.send(.continue)
        await harness.journey.settle()
        let event = try #require(harness.analytics.events.last { $0.name == JoinEvent.continued.rawValue })
        #expect(event["outcome"] == .string("invalid"))
        #expect(event["field"] == .string("title"))
    }

    @Test("no event carries the password or any other value a person typed")
    func noPersonalData() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.reachAccountPage()
        await harness.fillAccount(username: "private_handle", password: "Hunter2-Secret")
        harness.journey.send(.toggle("marketingConsent"))
        harness.journey.send(.continue)
        await harness.journey.settle()
        let typed = [
            "Hunter2-Secret", "private_handle", "alex@example.com", "Alex", "Citizen", "01/02/2000", "0412 345 678",
        ]
        let events = harness.analytics.events
        #expect(events.count > 10)
        for event in events {
            for key in event.keys {
                let text = event[key]?.description ?? ""
                #expect(!typed.contains(text), "event \(event.name) carries \(key)")
            }
        }
    }
}
