import LiveryCore
import Testing

@Suite("AnalyticsPipeline stages")
struct AnalyticsPipelineStageTests {
    @Test func stagesRunInOrderBeforeEnrichmentDestinationsAfter() {
        let order = AnalyticsTestLog<String>()
        let pipeline = AnalyticsPipeline(
            before: [AnalyticsSpyTransform(label: "before", order: order)],
            enrichment: [
                AnalyticsSpyTransform(label: "enrich-1", order: order),
                AnalyticsSpyTransform(label: "enrich-2", order: order),
            ],
            destinations: [
                AnalyticsSpyDestination(name: "dest-a", order: order),
                AnalyticsSpyDestination(name: "dest-b", order: order),
            ],
            after: [AnalyticsSpyObserver(label: "after", order: order)]
        )
        pipeline.track(AnalyticsEvent("x"))
        #expect(order.items == ["before", "enrich-1", "enrich-2", "dest-a", "dest-b", "after"])
    }

    @Test func everyTransformSeesTheFilteredEventWithPersonalDataButNoSecret() {
        let order = AnalyticsTestLog<String>()
        let before = AnalyticsSpyTransform(label: "before", order: order)
        let enrichment = AnalyticsSpyTransform(label: "enrich", order: order)
        AnalyticsPipeline(before: [before], enrichment: [enrichment]).track(.loaded)
        let expectedKeys = ["dob", "email", "field", "given_name", "phone", "step", "street", "username"]
        for spy in [before, enrichment] {
            #expect(spy.seen.items.count == 1)
            #expect(spy.seen.items.first?.keys == expectedKeys)
            #expect(spy.seen.items.first.map(\.carriesLoadedSecret) == false)
        }
    }

    @Test func anEnrichmentSeesWhatTheBeforeStageProduced() {
        let order = AnalyticsTestLog<String>()
        let before = AnalyticsSpyTransform(label: "before", order: order) { $0.adding("stage", "before") }
        let enrichment = AnalyticsSpyTransform(label: "enrich", order: order)
        AnalyticsPipeline(before: [before], enrichment: [enrichment]).track(AnalyticsEvent("x"))
        #expect(enrichment.seen.items.first?["stage"] == "before")
    }

    @Test func anAfterObserverSeesDeliveredNamesAndNoPersonalData() throws {
        let order = AnalyticsTestLog<String>()
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        let pipeline = AnalyticsPipeline(
            enrichment: [ContextEnrichment(brand: "alpha")],
            destinations: [
                RecordingDestination(name: "vendor", permittedPersonalData: Set(PersonalDataKind.allCases)),
                RecordingDestination(name: "recording"),
            ],
            after: [observer]
        )
        let returned = pipeline.track(.loaded)
        let delivery = try #require(observer.deliveries.items.first)
        #expect(observer.deliveries.items.count == 1)
        #expect(delivery.destinationNames == ["vendor", "recording"])
        #expect(delivery.event.keys == ["brand", "field", "step"])
        #expect(returned == delivery)
        #expect(pipeline.destinationNames == ["vendor", "recording"])
    }

    @Test func anAfterObserverIsToldEvenWhenThereAreNoDestinations() {
        let order = AnalyticsTestLog<String>()
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        AnalyticsPipeline(after: [observer]).track(AnalyticsEvent("x"))
        #expect(observer.deliveries.items == [AnalyticsDelivery(event: AnalyticsEvent("x"), destinationNames: [])])
    }

    @Test func enrichmentTagsTheEventsDestinationsReceive() {
        let recorder = RecordingDestination()
        let pipeline = AnalyticsPipeline(
            enrichment: [ContextEnrichment(brand: "alpha", market: "AU")],
            destinations: [recorder]
        )
        pipeline.track(AnalyticsEvent("field_focused", ["field": "email"]))
        #expect(
            recorder.events == [AnalyticsEvent("field_focused", ["field": "email", "brand": "alpha", "market": "AU"])])
    }

    @Test(arguments: ["before", "enrichment"])
    func aTransformReturningNilDropsTheEventEverywhere(stage: String) {
        let order = AnalyticsTestLog<String>()
        let dropper = AnalyticsSpyTransform(label: "dropper", order: order) { $0.name == "drop_me" ? nil : $0 }
        let later = AnalyticsSpyTransform(label: "later", order: order)
        let first = RecordingDestination(name: "first", permittedPersonalData: Set(PersonalDataKind.allCases))
        let second = RecordingDestination(name: "second")
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        let pipeline =
            stage == "before"
            ? AnalyticsPipeline(
                before: [dropper], enrichment: [later], destinations: [first, second], after: [observer])
            : AnalyticsPipeline(enrichment: [dropper, later], destinations: [first, second], after: [observer])

        #expect(pipeline.track(AnalyticsEvent("drop_me")) == nil)
        #expect(first.events.isEmpty)
        #expect(second.events.isEmpty)
        #expect(observer.deliveries.items.isEmpty)
        #expect(order.items == ["dropper"])

        #expect(pipeline.track(AnalyticsEvent("keep_me")) != nil)
        #expect(first.names == ["keep_me"])
        #expect(second.names == ["keep_me"])
    }

    @Test func addingReturnsAChangedCopyAndLeavesTheOriginal() {
        let order = AnalyticsTestLog<String>()
        let original = AnalyticsPipeline()
        let extended =
            original
            .adding(before: AnalyticsSpyTransform(label: "before", order: order))
            .adding(enrichment: AnalyticsSpyTransform(label: "enrich", order: order))
            .adding(destination: AnalyticsSpyDestination(name: "dest", order: order))
            .adding(after: AnalyticsSpyObserver(label: "after", order: order))
        original.track(AnalyticsEvent("x"))
        #expect(order.items.isEmpty)
        extended.track(AnalyticsEvent("x"))
        #expect(order.items == ["before", "enrich", "dest", "after"])
        #expect(original.destinations.isEmpty)
        #expect(extended.destinationNames == ["dest"])
    }

    @Test func aClosureTransformRunsItsClosure() {
        let recorder = RecordingDestination()
        let pipeline = AnalyticsPipeline(
            enrichment: [
                AnalyticsClosureTransform { $0.name.hasPrefix("signup_") ? $0.adding("journey", "signup") : nil }
            ],
            destinations: [recorder]
        )
        pipeline.track(AnalyticsEvent("app_opened"))
        pipeline.track(AnalyticsEvent("signup_started"))
        #expect(recorder.events == [AnalyticsEvent("signup_started", ["journey": "signup"])])
    }
}
