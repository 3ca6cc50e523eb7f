import Foundation
import LiveryCore
import Testing

@Suite("AnalyticsEvent")
struct AnalyticsEventTests {
    @Test func convenienceInitialiserMakesGeneralProperties() {
        let event = AnalyticsEvent("field_focused", ["field": "email", "attempt": 2])
        #expect(event.name == "field_focused")
        #expect(event["field"] == "email")
        #expect(event["attempt"] == 2)
        #expect(event["missing"] == nil)
        #expect(event.property("field") == AnalyticsProperty("email", sensitivity: .general))
        #expect(event.keys == ["attempt", "field"])
    }

    @Test func addingHelpersLabelSensitivity() {
        let event = AnalyticsEvent("signup_submitted")
            .adding("step", 3)
            .addingPersonal(.email, "email", "someone@example.com")
            .addingSecret("pin", "1234")
        #expect(event.property("step")?.sensitivity == .general)
        #expect(event.property("email")?.sensitivity == .personal(.email))
        #expect(event.property("email")?.sensitivity.personalKind == .email)
        #expect(event.property("pin")?.sensitivity == .secret)
        #expect(event.property("pin")?.sensitivity.personalKind == nil)
        #expect(event["email"] == "someone@example.com")
    }

    @Test func addingUnderAnExistingKeyReplacesValueAndSensitivity() {
        let event = AnalyticsEvent("x", ["email": "placeholder"]).addingPersonal(.email, "email", "a@b.co")
        #expect(event.properties.count == 1)
        #expect(event.property("email") == .personal(.email, "a@b.co"))
    }

    @Test func addingAndRemovingLeaveTheOriginalUntouched() {
        let original = AnalyticsEvent("x", ["a": 1])
        let added = original.adding("b", 2)
        let removed = added.removing("a")
        #expect(original.keys == ["a"])
        #expect(added.keys == ["a", "b"])
        #expect(removed.keys == ["b"])
        #expect(removed.removing("nope") == removed)
    }

    @Test func descriptionRedactsPersonalDataAndSecrets() {
        let event = AnalyticsEvent("field_focused", ["field": "email"])
            .addingPersonal(.email, "email", "someone@example.com")
            .addingSecret("pin", "1234")
        #expect(event.description == "field_focused {email=<email>, field=email, pin=<secret>}")
        #expect(AnalyticsEvent("opened").description == "opened")
    }

    @Test func roundTripsThroughJSONWithSensitivity() throws {
        let event = AnalyticsEvent("x", ["n": 1, "d": 0.5, "b": false])
            .addingPersonal(.dateOfBirth, "dob", "1990-01-31")
            .addingSecret("pin", "1234")
        let data = try JSONEncoder().encode(event)
        #expect(try JSONDecoder().decode(AnalyticsEvent.self, from: data) == event)
    }
}
