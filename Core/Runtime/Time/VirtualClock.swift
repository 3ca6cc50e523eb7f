import Foundation

/// A clock whose time moves only when told to: tests and headless runs
/// advance it, so debounces and delays take no real time.
///
/// ``advance(by:)`` moves time through every deadline on the way in order,
/// as a real clock would: it stops at each one, wakes the work due there and
/// lets that work finish (or start waiting for a later deadline) before it
/// moves on. So a time-out that starts a retry starts it at the instant the
/// time-out fell due, however long the advance: one advance of 20 seconds and
/// two of 10 end in the same state. The clock also has a wall-clock date
/// (``date``) that starts at a chosen instant and moves with it, for
/// date-dependent rules.
///
/// The work the clock waits for at each deadline is that of the stores made
/// on it (``Store/init(_:clock:)``, as every runtime's stores are); other
/// tasks sleeping on the clock are woken at their deadlines, in order, but the
/// clock does not know when their work ends.
public final class VirtualClock: Clock, Sendable {
    /// A point on the virtual time line: the time elapsed since the clock started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Elapsed time since the clock started.
        public var offset: Duration

        /// An instant `offset` after the start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants in time.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Work made on the clock that can say when it is next due and finish
    /// what is due now: a store.
    struct Enlisted: Sendable {
        /// The instants on this clock its work waits for; `nil` once it is gone.
        let deadlines: @Sendable (VirtualClock) -> [Instant]?
        /// Whether any of its work is due now.
        let isDue: @Sendable () -> Bool
        /// Finishes the work that is due now.
        let settle: @Sendable () async -> Void
    }

    private struct State {
        var current = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var cancelledBeforeSleeping: Set<UInt64> = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// By the order they were enlisted in (their ids count up).
        var enlisted: [UInt64: Enlisted] = [:]
        var nextID: UInt64 = 0
        /// Whether an advance is under way, and the advances waiting for it to end.
        var advancing = false
        var waitingToAdvance: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())
    private let startDate: Date

    /// A clock at elapsed time zero whose ``date`` starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        self.startDate = startDate
    }

    /// The current virtual instant.
    public var now: Instant { state.withLock { $0.current } }

    /// The smallest step the clock distinguishes: none.
    public var minimumResolution: Duration { .zero }

    /// The wall-clock date: the start date plus the virtual time elapsed.
    public var date: Date {
        let offset = now.offset.components
        return startDate.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
    }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until virtual time reaches `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: UInt64 = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, ready): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) = state.withLock {
                    state in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= state.current { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = state.sleepers.count
                    let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.sleeperWaiters.removeAll { $0.count <= count }
                    return (nil, ready)
                }
                for waiter in ready { waiter.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelledBeforeSleeping.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` tasks sleep on the clock (at once if they do):
    /// for a test that must know a task has started waiting before it moves time.
    public func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached: Bool = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// Moves time forward by `duration`, stopping at every deadline on the
    /// way, earliest first: at each, the sleepers due then wake and the
    /// stores made on this clock finish the work due (a retry started by a
    /// time-out takes its own deadline from that instant) before time moves
    /// on. It returns at the end of `duration` with that work settled.
    ///
    /// Those stores' work waits on this clock through their `EngineClock`;
    /// work that waits for something else (a network answer, a test's gate)
    /// holds the advance until it is done, so build a store that a test gates
    /// without the clock, and settle it yourself. Advances are taken one at a
    /// time: one asked for while another runs starts where that one ends.
    public func advance(by duration: Duration) async {
        precondition(duration >= .zero, "a virtual clock cannot go backwards")
        await takeTurnToAdvance()
        defer { endTurnToAdvance() }
        let end = now.advanced(by: duration)
        await settleEnlisted()
        var steps = 0
        while let next = nextDeadline(through: end) {
            steps += 1
            guard steps <= Self.stepLimit else {
                assertionFailure("more than \(Self.stepLimit) deadlines in one advance: jumping to its end")
                break
            }
            wake(at: next)
            await settleEnlisted()
        }
        wake(at: end)
        await settleEnlisted()
    }

    /// Returns once no other advance is under way, holding the turn.
    private func takeTurnToAdvance() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                guard state.advancing else {
                    state.advancing = true
                    return true
                }
                state.waitingToAdvance.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the turn to the next advance waiting, if any.
    private func endTurnToAdvance() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard !state.waitingToAdvance.isEmpty else {
                state.advancing = false
                return nil
            }
            return state.waitingToAdvance.removeFirst()
        }
        next?.resume()
    }

    /// The most deadlines one ``advance(by:)`` stops at; past them it jumps to
    /// its end (work that keeps rescheduling itself sooner cannot hold it).
    static let stepLimit = 100_000

    /// The earliest deadline after now and no later than `end`: of a
    /// sleeper, or of work an enlisted store knows it will wait for (it may
    /// not have begun to sleep yet). Forgets stores that are gone.
    private func nextDeadline(through end: Instant) -> Instant? {
        let (now, sleeping, stores): (Instant, Instant?, [UInt64: Enlisted]) = state.withLock { state in
            (state.current, state.sleepers.lazy.map(\.deadline).min(), state.enlisted)
        }
        var next = sleeping
        var gone: [UInt64] = []
        for (id, store) in stores {
            guard let deadlines = store.deadlines(self) else {
                gone.append(id)
                continue
            }
            if let earliest = deadlines.lazy.filter({ $0 > now }).min(), next.map({ earliest < $0 }) ?? true {
                next = earliest
            }
        }
        if !gone.isEmpty { state.withLock { state in for id in gone { state.enlisted.removeValue(forKey: id) } } }
        guard let next, next > now, next <= end else { return nil }
        return next
    }

    /// Moves time to `instant` (never back) and wakes the sleepers due by
    /// then, earliest deadline first, in the order they began to sleep.
    private func wake(at instant: Instant) {
        let due: [Sleeper] = state.withLock { state in
            state.current = max(state.current, instant)
            let now = state.current
            let due = state.sleepers.enumerated().filter { $0.element.deadline <= now }
                .sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }
                .map(\.element)
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Settles every enlisted store, again while any has work due (one
    /// store's answer may start another's work), at most a few rounds.
    private func settleEnlisted() async {
        for _ in 0..<8 {
            let stores = state.withLock { $0.enlisted.sorted { $0.key < $1.key }.map(\.value) }
            for store in stores { await store.settle() }
            guard stores.contains(where: { $0.isDue() }) else { return }
        }
    }

    /// Makes `work` part of every advance: its deadlines are stopped at and
    /// it is settled at each, after the work enlisted before it. It is
    /// forgotten once it says it is gone.
    func enlist(_ work: Enlisted) {
        state.withLock { state in
            state.enlisted[state.nextID] = work
            state.nextID += 1
        }
    }

    /// A wall clock that reads this clock's ``date`` in `calendar`.
    public func wallClock(calendar: Calendar = WallClock.gregorianUTC) -> WallClock {
        WallClock(calendar: calendar) { [self] in date }
    }
}
