/// The clock engines wait on: any Swift `Clock` measured in `Duration`,
/// erased, with instants expressed as the time elapsed since it was adopted.
///
/// Engines take deadlines synchronously (``deadline(after:)``) when they
/// schedule work and sleep until that deadline later. Because the deadline is
/// fixed before the work starts, a test that advances a ``VirtualClock``
/// right after sending an intent can never race the sleeping task.
public struct EngineClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Adopts `clock`; its current instant becomes elapsed time zero.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }

    /// The time elapsed since the clock was adopted.
    public var now: Duration { elapsed() }

    /// The instant `delay` from now, as an elapsed time.
    public func deadline(after delay: Duration) -> Duration { elapsed() + delay }

    /// Suspends until `deadline` (an elapsed time). Returns at once when the
    /// deadline has passed; throws `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        try await sleeper(deadline)
    }

    /// Suspends for `delay` from now.
    public func sleep(for delay: Duration) async throws {
        try await sleep(until: deadline(after: delay))
    }

    /// The wall clock of the process (a `ContinuousClock`).
    public static var continuous: EngineClock { EngineClock(ContinuousClock()) }
}
