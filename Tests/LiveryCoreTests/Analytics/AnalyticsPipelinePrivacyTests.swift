import LiveryCore
import Testing

@Suite("AnalyticsPipeline privacy")
struct AnalyticsPipelinePrivacyTests {
    @Test func aSecretNeverReachesADestinationEvenOnePermittedEverything() {
        let everything = RecordingDestination(name: "everything", permittedPersonalData: Set(PersonalDataKind.allCases))
        let nothing = RecordingDestination(name: "nothing")
        AnalyticsPipeline(destinations: [everything, nothing]).track(.loaded)
        #expect(everything.events.count == 1)
        #expect(nothing.events.count == 1)
        for event in everything.events + nothing.events {
            #expect(!event.carriesLoadedSecret)
            #expect(event["pin"] == nil)
            #expect(event["password"] == nil)
            #expect(event["Confirm-Password"] == nil)
            #expect(event["password_hint"] == nil)
        }
        #expect(
            everything.events.first?.keys == [
                "dob", "email", "field", "given_name", "phone", "step", "street", "username",
            ])
    }

    @Test func aMislabelledPasswordMarkedGeneralIsDropped() {
        let recorder = RecordingDestination(permittedPersonalData: Set(PersonalDataKind.allCases))
        AnalyticsPipeline(destinations: [recorder])
            .track(
                AnalyticsEvent(
                    "signup_submitted", ["password": "hunter2", "newPassword": "hunter3", "field": "password"]))
        #expect(recorder.events == [AnalyticsEvent("signup_submitted", ["field": "password"])])
    }

    @Test func aSecretAddedByATransformStillNeverReachesAnyone() {
        let order = AnalyticsTestLog<String>()
        let leaky = AnalyticsSpyTransform(label: "leaky", order: order) {
            $0.addingSecret("pin", "1234").adding("user_password", "hunter2")
        }
        let later = AnalyticsSpyTransform(label: "later", order: order)
        let recorder = RecordingDestination(permittedPersonalData: Set(PersonalDataKind.allCases))
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        AnalyticsPipeline(before: [leaky], enrichment: [later], destinations: [recorder], after: [observer])
            .track(AnalyticsEvent("x"))
        #expect(later.seen.items == [AnalyticsEvent("x")])
        #expect(recorder.events == [AnalyticsEvent("x")])
        #expect(observer.deliveries.items.map(\.event) == [AnalyticsEvent("x")])
    }

    @Test func eachDestinationGetsOnlyThePersonalDataItIsPermittedInTheSameTrack() throws {
        let emailOnly = RecordingDestination(name: "email-only", permittedPersonalData: [.email])
        let none = RecordingDestination(name: "none")
        let event = AnalyticsEvent("signup_submitted", ["field": "email"])
            .addingPersonal(.email, "email", "someone@example.com")
            .addingPersonal(.phone, "phone", "0400 000 000")
        AnalyticsPipeline(destinations: [emailOnly, none]).track(event)

        let permitted = try #require(emailOnly.last)
        #expect(permitted["email"] == "someone@example.com")
        #expect(permitted["phone"] == nil)
        #expect(permitted["field"] == "email")

        let plain = try #require(none.last)
        #expect(plain["email"] == nil)
        #expect(plain["phone"] == nil)
        #expect(plain["field"] == "email")
    }

    @Test func theOrderOfDestinationsDoesNotChangeWhatEachReceives() {
        let none = RecordingDestination(name: "none")
        let emailOnly = RecordingDestination(name: "email-only", permittedPersonalData: [.email])
        AnalyticsPipeline(destinations: [none, emailOnly]).track(.loaded)
        #expect(none.last?.keys == ["field", "step"])
        #expect(emailOnly.last?.keys == ["email", "field", "step"])
    }

    @Test func aDestinationMutatingItsCopyCannotAffectAnotherDestination() throws {
        let all = Set(PersonalDataKind.allCases)
        let tamperer = AnalyticsTamperingDestination(name: "tamperer", permittedPersonalData: all)
        let first = RecordingDestination(name: "first", permittedPersonalData: all)
        let second = RecordingDestination(name: "second", permittedPersonalData: all)
        let none = RecordingDestination(name: "none")
        let order = AnalyticsTestLog<String>()
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        let event = AnalyticsEvent("field_blurred", ["field": "email"]).addingPersonal(
            .email, "email", "someone@example.com")
        AnalyticsPipeline(destinations: [first, tamperer, second, none], after: [observer]).track(event)

        let tampered = try #require(tamperer.kept.items.first)
        #expect(tampered.name == "tampered_field_blurred")
        #expect(tampered["field"] == "tampered")

        #expect(first.events == [event])
        #expect(second.events == [event])
        #expect(first.events == second.events)
        #expect(none.events == [AnalyticsEvent("field_blurred", ["field": "email"])])
        #expect(observer.deliveries.items.map(\.event) == [AnalyticsEvent("field_blurred", ["field": "email"])])
    }
}
