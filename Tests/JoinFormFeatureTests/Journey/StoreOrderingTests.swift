import Foundation
import LiveryCore
import LiveryTesting
import Observation
import Testing

@testable import JoinFormFeature

/// The join form as a head holds it: intents applied in the order sent,
/// whatever async work answers meanwhile, and every change observed.
@Suite("The join form's store", .timeLimit(.minutes(5)))
@MainActor
struct StoreOrderingTests {
    @Test("keystrokes sent while a username check is in flight are applied in order; its answer lands between them")
    func orderedWhileCheckRuns() async throws {
        let harness = try JourneyHarness(definition: .standard(for: .australia, removing: ["address"]))
        await harness.reachAccountPage()
        let gate = Gate()
        await harness.backend.gateUsername("slow_name", gate)
        harness.type("slow_name", into: "username")
        await harness.backend.questionsAsked.wait(for: 1)
        let stream = harness.journey.states()
        var sent: [String] = []
        harness.journey.send(.focus(.field("password")))
        for length in 1...30 {
            let text = String(repeating: "x", count: length)
            harness.journey.send(.change(.field("password"), text))
            sent.append(text)
            #expect(harness.state.field("password")?.value == .text(text), "read back at once")
            if length == 10 { await gate.open() }  // the answer races the next keystrokes
            if length % 7 == 0 { await Task.detached {}.value }  // let other work run between keystrokes
        }
        await harness.journey.settle()
        #expect(harness.status("username") == .valid)
        var seen: [String] = []
        for await state in stream {
            if case .text(let text)? = state.field("password")?.value, text != seen.last, !text.isEmpty {
                seen.append(text)
            }
            if state == harness.state { break }
        }
        #expect(seen == sent)
    }

    @Test("observation is told of every intent that changes the form")
    func observedOnEveryChange() throws {
        let harness = try JourneyHarness()
        let notified = Arrivals()
        let intents: [JoinIntent] = [
            .focus(.field("firstName")), .change(.field("firstName"), "A"),
            .change(.field("firstName"), "Al"), .next, .toggle("marketingConsent"),
        ]
        for (count, intent) in intents.enumerated() {
            withObservationTracking {
                _ = harness.journey.state
            } onChange: {
                notified.arrive()
            }
            harness.journey.send(intent)
            #expect(notified.arrived == count + 1, "\(intent)")
        }
        #expect(harness.state.field("firstName")?.status == .valid)
    }
}
