import LiveryCore
import Testing

@Suite("RecordingDestination")
struct RecordingDestinationTests {
    @Test func recordsInArrivalOrderAndForgetsOnRemoveAll() {
        let recorder = RecordingDestination()
        #expect(recorder.name == "recording")
        #expect(recorder.permittedPersonalData.isEmpty)
        #expect(recorder.last == nil)
        recorder.receive(AnalyticsEvent("a"))
        recorder.receive(AnalyticsEvent("b", ["n": 1]))
        #expect(recorder.names == ["a", "b"])
        #expect(recorder.count == 2)
        #expect(recorder.last == AnalyticsEvent("b", ["n": 1]))
        #expect(recorder.events == [AnalyticsEvent("a"), AnalyticsEvent("b", ["n": 1])])
        recorder.removeAll()
        #expect(recorder.events.isEmpty)
        #expect(recorder.names.isEmpty)
    }

    @Test func keepsItsNameAndPermissions() {
        let recorder = RecordingDestination(name: "vendor", permittedPersonalData: [.email, .phone])
        #expect(recorder.name == "vendor")
        #expect(recorder.permittedPersonalData == [.email, .phone])
    }
}
