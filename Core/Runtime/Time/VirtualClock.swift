import Foundation

/// A clock whose time moves only when told to: tests and headless runs
/// advance it, so debounces and delays take no real time.
///
/// Sleepers whose deadline is reached by ``advance(by:)`` are resumed in
/// deadline order. The clock also has a wall-clock date (``date``) that starts
/// at a chosen instant and moves with it, for date-dependent rules.
public final class VirtualClock: Clock, @unchecked Sendable {
    // @unchecked: every stored mutable property is guarded by `lock`.

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

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var cancelledBeforeSleeping: Set<UInt64> = []
    private var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextID: UInt64 = 0
    private let startDate: Date

    /// A clock at elapsed time zero whose ``date`` starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        self.startDate = startDate
    }

    /// The current virtual instant.
    public var now: Instant { lock.withLock { current } }

    /// The smallest step the clock distinguishes: none.
    public var minimumResolution: Duration { .zero }

    /// The wall-clock date: the start date plus the virtual time elapsed.
    public var date: Date {
        let offset = now.offset.components
        return startDate.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
    }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Suspends until virtual time reaches `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: UInt64 = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, ready): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) = lock.withLock {
                    if cancelledBeforeSleeping.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= current { return (.success(()), []) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = sleepers.count
                    let ready = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    sleeperWaiters.removeAll { $0.count <= count }
                    return (nil, ready)
                }
                for waiter in ready { waiter.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                if let index = sleepers.firstIndex(where: { $0.id == id }) {
                    return sleepers.remove(at: index)
                }
                cancelledBeforeSleeping.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` tasks sleep on the clock (at once if they do):
    /// for a test that must know a task has started waiting before it moves time.
    public func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached: Bool = lock.withLock {
                if sleepers.count >= count { return true }
                sleeperWaiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline
    /// is reached, earliest first.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a virtual clock cannot go backwards")
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// A wall clock that reads this clock's ``date`` in `calendar`.
    public func wallClock(calendar: Calendar = WallClock.gregorianUTC) -> WallClock {
        WallClock(calendar: calendar) { [self] in date }
    }
}
