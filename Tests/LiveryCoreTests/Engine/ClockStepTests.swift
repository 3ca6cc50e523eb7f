import Foundation
import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

/// A call that gives up after `timeout` on the clock and tries again while
/// attempts are left, logging when each attempt ended: the shape of the
/// app's create-client retry.
private struct RetryingCall: StateMachine {
    struct State: Equatable, Sendable {
        var log: [String] = []
        var attemptsLeft = 0
    }

    enum Intent: Sendable {
        /// A call the service answers after `latency`.
        case call(latency: Duration, attempts: Int)
    }

    enum Feedback: Sendable {
        case timedOut(at: Duration, latency: Duration)
        case answered(at: Duration)
    }

    private(set) var state = State()
    let clock: EngineClock
    let timeout: Duration

    mutating func send(_ intent: Intent) -> [Effect<Feedback>] {
        switch intent {
        case .call(let latency, let attempts):
            state.attemptsLeft = attempts - 1
            return [attempt(latency)]
        }
    }

    mutating func receive(_ feedback: Feedback) -> [Effect<Feedback>] {
        switch feedback {
        case .timedOut(let at, let latency):
            state.log.append("timed out at \(at)")
            guard state.attemptsLeft > 0 else { return [] }
            state.attemptsLeft -= 1
            return [attempt(latency)]
        case .answered(let at):
            state.log.append("answered at \(at)")
            return []
        }
    }

    private func attempt(_ latency: Duration) -> Effect<Feedback> {
        let clock = clock
        let timeout = timeout
        return .run("call") {
            do {
                try await clock.sleep(for: min(latency, timeout))
            } catch {
                return nil
            }
            return latency > timeout ? .timedOut(at: clock.now, latency: latency) : .answered(at: clock.now)
        }
    }
}

/// A create-client call over HTTP to a server that drives its time from the
/// run: the outcome and when it came, on the run's clock.
private struct DrivenSignUp: StateMachine {
    struct State: Equatable, Sendable { var outcome: String? }
    enum Intent: Sendable { case signUp }

    private(set) var state = State()
    let backend: HTTPAccountBackend
    let clock: EngineClock

    mutating func send(_ intent: Intent) -> [Effect<String>] {
        let (backend, clock) = (backend, clock)
        let registration = ClientRegistration(
            brand: BrandID(rawValue: "test-brand")!, fields: ["username": "alex_c"], idempotencyKey: "key-1")
        return [
            .run("sign-up") {
                do {
                    _ = try await backend.createClient(registration)
                    return "created at \(clock.now)"
                } catch {
                    return "\(error) at \(clock.now)"
                }
            }
        ]
    }

    mutating func receive(_ feedback: String) -> [Effect<String>] {
        state.outcome = feedback
        return []
    }
}

/// An advance of the virtual clock keeps every deadline on its way: the
/// work woken at one runs at that instant, and the deadlines it takes
/// count from there.
@Suite("Virtual time through every deadline", .timeLimit(.minutes(5)))
@MainActor
struct ClockStepTests {
    nonisolated private static let splits: [[Duration]] = [
        [.seconds(20)], [.seconds(10), .seconds(10)], [.seconds(15), .seconds(5)],
        [.seconds(9), .seconds(10), .seconds(1)], Array(repeating: .seconds(1), count: 20),
        [.milliseconds(9_999), .milliseconds(2), .milliseconds(9_999)],
    ]

    @Test(
        "a time-out inside one advance starts the retry at its own instant: the same log however the 20 s are cut",
        arguments: splits)
    func retryInsideOneAdvance(waits: [Duration]) async {
        let (clock, store) = Self.retryingCallOnItsClock()
        store.send(.call(latency: .seconds(15), attempts: 2))
        for wait in waits { await clock.advance(by: wait) }
        #expect(store.state.log == ["timed out at 10.0 seconds", "timed out at 20.0 seconds"])
        #expect(clock.now.offset == .seconds(20))
    }

    @Test("two advances asked for at once run one after the other: the same log as one advance of their sum")
    func advancesTakeTurns() async {
        let (clock, store) = Self.retryingCallOnItsClock()
        store.send(.call(latency: .seconds(15), attempts: 2))
        async let first: Void = clock.advance(by: .seconds(12))
        async let second: Void = clock.advance(by: .seconds(8))
        _ = await (first, second)
        #expect(store.state.log == ["timed out at 10.0 seconds", "timed out at 20.0 seconds"])
        #expect(clock.now.offset == .seconds(20))
    }

    @Test("an answer due inside an advance arrives at its instant, and later deadlines wait for their own time")
    func answerAtItsInstant() async {
        let (clock, store) = Self.retryingCallOnItsClock()
        store.send(.call(latency: .seconds(4), attempts: 1))
        await clock.advance(by: .seconds(3))
        #expect(store.state.log.isEmpty)
        await clock.advance(by: .seconds(30))
        #expect(store.state.log == ["answered at 4.0 seconds"])
    }

    @Test("a store made without the clock is woken in deadline order but not waited for (it settles itself)")
    func storeWithoutTheClock() async {
        let clock = VirtualClock()
        let store = Store(RetryingCall(clock: EngineClock(clock), timeout: .seconds(10)))
        store.send(.call(latency: .seconds(4), attempts: 1))
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(5))
        await store.settle()
        #expect(store.state.log == ["answered at 5.0 seconds"], "woken by the jump to the end, it runs there")
    }

    /// A clock and a store of ``RetryingCall`` (10 s time-out) made on it.
    private static func retryingCallOnItsClock() -> (VirtualClock, Store<RetryingCall>) {
        let clock = VirtualClock()
        let engineClock = EngineClock(clock)
        return (clock, Store(RetryingCall(clock: engineClock, timeout: .seconds(10)), clock: engineClock))
    }

    @Test(
        "across the wire: the retry sent when the first attempt times out carries that instant as the run's time, inside one advance"
    )
    func retryTimeAcrossTheWire() async throws {
        let host = "driven-\(UInt64.random(in: 0...UInt64.max)).test"
        StubURLProtocol.register(host: host) { _ in
            .respond(status: 201, body: #"{"clientId": "c-1"}"#, headers: [WireHeader.answerAfter: "never"])
        }
        let clock = VirtualClock(startDate: Date(timeIntervalSince1970: 1_780_272_000))  // 2026-06-01T00:00Z
        let engineClock = EngineClock(clock)
        let world = DrivenWorld(id: "w-1", clock: engineClock) {
            DrivenWorld.timeText(clock.date, in: TimeZone(identifier: "UTC")!)
        }
        let backend = HTTPAccountBackend(
            HTTPServiceConfiguration(baseURL: URL(string: "http://\(host)")!, world: world),
            session: StubURLProtocol.session())
        let store = Store(DrivenSignUp(backend: backend, clock: engineClock), clock: engineClock)
        store.send(.signUp)
        await clock.advance(by: .seconds(25))
        #expect(store.state.outcome == "\(BackendError.timedOut) at 20.0 seconds")
        let times = StubURLProtocol.requests(to: host).map { $0.headers[WireHeader.worldTime] }
        #expect(times == ["2026-06-01T00:00:00.000Z", "2026-06-01T00:00:10.000Z"])
    }

    @Test("sleepers on the clock wake earliest first, each at its own instant")
    func sleepersInOrder() async throws {
        let clock = VirtualClock()
        let first = Task { try await clock.sleep(until: .init(offset: .seconds(2))) }
        let second = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        await clock.waitForSleepers(count: 2)
        await clock.advance(by: .seconds(1))
        try await second.value
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        try await first.value
        #expect(clock.sleeperCount == 0)
    }
}
