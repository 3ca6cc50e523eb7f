import Foundation
import LiveryCore
import LiveryTesting
import Observation
import Testing

/// A machine that logs what happens to it: each intent, and each answer of
/// the work an intent asks for. The work waits at a gate the test opens (or
/// on the clock), and records being cancelled.
struct LogMachine: StateMachine {
    struct State: Equatable, Sendable {
        var log: [String] = []
        var followed: Int?
    }

    enum Intent: Sendable {
        case note(String)
        /// Work named `id` that answers `answer` once `gate` opens.
        case work(id: String, answer: String, gate: Gate)
        /// Work that answers `answer` after `delay` on `clock`.
        case later(String, after: Duration)
        /// Work that starts at once and, inside, waits `delay` on `clock` before answering (a slow service).
        case slow(String, waiting: Duration)
        case cancel(String)
    }

    struct Feedback: Sendable {
        let text: String?
        let followed: Int?
    }

    private(set) var state = State()
    let clock: EngineClock
    /// Work that has started running.
    let starts: Arrivals
    /// Work that was cancelled while running.
    let cancellations: Arrivals
    let counter: EmbeddedBetslipCount?

    init(clock: EngineClock, starts: Arrivals, cancellations: Arrivals, following counter: EmbeddedBetslipCount?) {
        self.clock = clock
        self.starts = starts
        self.cancellations = cancellations
        self.counter = counter
    }

    func start() -> [Effect<Feedback>] {
        guard let counter else { return [] }
        return [
            .follow("count", current: { Feedback(text: nil, followed: counter.latestCount) }) { notify in
                for await _ in counter.counts() { await notify() }
            }
        ]
    }

    mutating func send(_ intent: Intent) -> [Effect<Feedback>] {
        switch intent {
        case .note(let text):
            state.log.append(text)
            return []
        case .work(let id, let answer, let gate):
            state.log.append("start \(id)")
            let starts = starts
            let cancellations = cancellations
            return [
                .run(EffectID(id)) {
                    starts.arrive()
                    await withTaskCancellationHandler {
                        await gate.wait()
                    } onCancel: {
                        cancellations.arrive()
                    }
                    return Feedback(text: answer, followed: nil)
                }
            ]
        case .later(let answer, let delay):
            return [
                .run(EffectID(answer), at: clock.deadline(after: delay), on: clock) {
                    Feedback(text: answer, followed: nil)
                }
            ]
        case .slow(let answer, let delay):
            let clock = clock
            return [
                .run(EffectID(answer)) {
                    try? await clock.sleep(for: delay)
                    return Feedback(text: answer, followed: nil)
                }
            ]
        case .cancel(let id):
            return [.cancel(EffectID(id))]
        }
    }

    mutating func receive(_ feedback: Feedback) -> [Effect<Feedback>] {
        if let text = feedback.text { state.log.append(text) }
        if let followed = feedback.followed, followed != state.followed { state.followed = followed }
        return []
    }
}

@Suite("Main-actor store", .timeLimit(.minutes(5)))
@MainActor
struct StoreTests {
    private let clock = VirtualClock()
    private let starts = Arrivals()
    private let cancellations = Arrivals()

    private func store(following counter: EmbeddedBetslipCount? = nil) -> Store<LogMachine> {
        Store(LogMachine(clock: EngineClock(clock), starts: starts, cancellations: cancellations, following: counter))
    }

    @Test("send applies an intent before it returns: the state is read back at once")
    func synchronousSend() {
        let store = store()
        store.send(.note("a"))
        #expect(store.state.log == ["a"])
        store.send(.note("b"))
        #expect(store.state.log == ["a", "b"])
    }

    @Test("intents sent back to back are applied in the order sent, while answers of async work land between them")
    func orderedUnderInterleavedWork() async {
        let store = store()
        var gates: [Gate] = []
        var sent: [String] = []
        for round in 0..<20 {
            let gate = Gate()
            gates.append(gate)
            store.send(.work(id: "w\(round)", answer: "answer \(round)", gate: gate))
            if round % 3 == 0, round > 0 { await gates[round - 1].open() }  // an earlier answer races the next intents
            for note in 0..<5 {
                store.send(.note("\(round).\(note)"))
                sent.append("\(round).\(note)")
            }
        }
        for gate in gates { await gate.open() }
        await store.settle()
        let notes = store.state.log.filter { $0.first?.isNumber == true }
        #expect(notes == sent)
        #expect(store.state.log.filter { $0.hasPrefix("answer") }.count == 20)
        for round in 0..<20 {
            let started = store.state.log.firstIndex(of: "start w\(round)")!
            let answered = store.state.log.firstIndex(of: "answer \(round)")!
            #expect(started < answered)
        }
    }

    @Test("observation fires for every published change, and only for changes")
    func observationFires() async {
        let counter = EmbeddedBetslipCount(1)
        let store = store(following: counter)
        await store.settle()
        let notified = Arrivals()
        var changes: Int { notified.arrived }
        func observe() {
            withObservationTracking {
                _ = store.state
            } onChange: {
                notified.arrive()
            }
        }
        observe()
        store.send(.note("a"))
        #expect(changes == 1)
        observe()
        store.send(.note("b"))
        #expect(changes == 2)
        observe()
        await store.settle()  // the followed count has not changed: nothing published
        #expect(changes == 2)
        counter.set(5)
        await store.settle()
        #expect(changes == 3)
        #expect(store.state.followed == 5)
    }

    @Test("settle delivers a followed service's newest value, even before its update arrives")
    func settlePullsFollowed() async {
        let counter = EmbeddedBetslipCount(2)
        let store = store(following: counter)
        await store.settle()
        #expect(store.state.followed == 2)
        counter.set(3)
        counter.set(4)
        await store.settle()
        #expect(store.state.followed == 4)
    }

    @Test("settle waits for due work but not for work whose deadline is still ahead")
    func settleWaitsOnlyForDueWork() async {
        let store = store()
        store.send(.later("soon", after: .milliseconds(300)))
        await store.settle()
        #expect(store.state.log.isEmpty)
        #expect(store.hasPendingWork)
        await clock.advance(by: .milliseconds(299))
        await store.settle()
        #expect(store.state.log.isEmpty, "answered before its deadline")
        await clock.advance(by: .milliseconds(1))
        await store.settle()
        #expect(store.state.log == ["soon"])
        #expect(!store.hasPendingWork)
    }

    @Test("settle does not wait for work that waits on the clock inside it; it is due once the clock gets there")
    func settleSkipsWorkWaitingForTime() async {
        let store = store()
        store.send(.slow("late answer", waiting: .seconds(30)))
        store.send(.note("meanwhile"))
        await store.settle()
        #expect(store.state.log == ["meanwhile"])
        #expect(store.hasPendingWork)
        await clock.advance(by: .seconds(29))
        await store.settle()
        #expect(store.state.log == ["meanwhile"], "answered before its 30 seconds")
        await clock.advance(by: .seconds(1))
        await store.settle()
        #expect(store.state.log == ["meanwhile", "late answer"])
        #expect(!store.hasPendingWork)
    }

    @Test("work started again under its name replaces the running one, whose answer is never delivered")
    func replacedWorkIsDropped() async {
        let store = store()
        let first = Gate()
        let second = Gate()
        store.send(.work(id: "check", answer: "old", gate: first))
        await starts.wait(for: 1)
        store.send(.work(id: "check", answer: "new", gate: second))
        await cancellations.wait(for: 1)
        await second.open()
        await first.open()
        await store.settle()
        #expect(store.state.log == ["start check", "start check", "new"])
    }

    @Test("cancelled work is never delivered")
    func cancelledWorkIsDropped() async {
        let store = store()
        let gate = Gate()
        store.send(.work(id: "w", answer: "late", gate: gate))
        store.send(.cancel("w"))
        await gate.open()
        await store.settle()
        #expect(store.state.log == ["start w"])
    }

    @Test("releasing the store cancels the work it was running")
    func releaseCancels() async {
        var store: Store<LogMachine>? = self.store()
        store?.send(.work(id: "a", answer: "a", gate: Gate()))
        store?.send(.work(id: "b", answer: "b", gate: Gate()))
        await starts.wait(for: 2)
        store = nil
        await cancellations.wait(for: 2)
        #expect(cancellations.arrived == 2)
    }

    @Test("a stream gets every published state in order")
    func statesStream() async {
        let store = store()
        let stream = store.states()
        store.send(.note("a"))
        store.send(.note("b"))
        var seen: [[String]] = []
        for await state in stream {
            seen.append(state.log)
            if state == store.state { break }
        }
        #expect(seen == [[], ["a"], ["a", "b"]])
    }
}
