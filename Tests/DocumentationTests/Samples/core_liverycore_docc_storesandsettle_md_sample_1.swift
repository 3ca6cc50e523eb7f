// Written from Core/LiveryCore.docc/StoresAndSettle.md (the sample at line 44) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct StoresGuideReminder: StateMachine {
    struct State: Equatable, Sendable {
        var isWaiting = false
        var reminders = 0
    }
    enum Intent: Sendable { case remind(after: Duration), cancel }
    enum Feedback: Sendable { case due }

    let clock: EngineClock
    private(set) var state = State()

    mutating func send(_ intent: Intent) -> [Effect<Feedback>] {
        switch intent {
        case .remind(let delay):
            state.isWaiting = true
            // The deadline is fixed now, so advancing a virtual clock at once never races the task.
            return [.run("reminder", at: clock.deadline(after: delay), on: clock) { .due }]
        case .cancel:
            state.isWaiting = false
            return [.cancel("reminder")]
        }
    }

    mutating func receive(_ feedback: Feedback) -> [Effect<Feedback>] {
        state.isWaiting = false
        state.reminders += 1
        return []
    }
}

@MainActor func storesGuideRemindLater() async {
    let virtual = VirtualClock()
    let clock = EngineClock(virtual)
    let store = Store(StoresGuideReminder(clock: clock), clock: clock)
    store.send(.remind(after: .seconds(5)))
    print(store.state.isWaiting)              // true: applied before `send` returned
    await store.settle()                      // returns at once: the reminder is not due yet
    await virtual.advance(by: .seconds(5))    // stops at the deadline and settles the store there
    print(store.state.reminders)              // 1
}
