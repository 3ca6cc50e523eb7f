import LiveryCore
import Testing

@Suite("AnalyticsPipeline delivery")
struct AnalyticsPipelineDeliveryTests {
    @Test func eventsAreDeliveredInTrackOrder() {
        let recorder = RecordingDestination()
        let pipeline = AnalyticsPipeline(destinations: [recorder])
        let names = (0..<50).map { "event_\($0)" }
        for name in names { pipeline.track(AnalyticsEvent(name)) }
        #expect(recorder.names == names)
    }

    @Test func concurrentTrackingLosesNoEvent() async {
        let recorder = RecordingDestination()
        let second = RecordingDestination(name: "second")
        let order = AnalyticsTestLog<String>()
        let observer = AnalyticsSpyObserver(label: "after", order: order)
        let pipeline = AnalyticsPipeline(
            enrichment: [ContextEnrichment(brand: "alpha", market: "AU")],
            destinations: [recorder, second],
            after: [observer]
        )
        let total = 1_000
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<total {
                group.addTask { pipeline.track(AnalyticsEvent("tick", ["index": .int(index)])) }
            }
        }
        #expect(recorder.count == total)
        #expect(second.count == total)
        #expect(observer.deliveries.items.count == total)
        #expect(Set(recorder.events.compactMap { $0["index"]?.intValue }) == Set(0..<total))
        #expect(recorder.events.allSatisfy { $0["brand"] == "alpha" && $0["market"] == "AU" })
    }
}
