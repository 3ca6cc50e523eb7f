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
    /// The virtual clock adopted, and its instant at adoption, when it is one.
    private let virtual: (clock: VirtualClock, origin: VirtualClock.Instant)?

    /// Adopts `clock`; its current instant becomes elapsed time zero.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
        if let clock = clock as? VirtualClock, let origin = origin as? VirtualClock.Instant {
            virtual = (clock, origin)
        } else {
            virtual = nil
        }
    }

    /// The virtual clock this clock reads, if it reads one.
    var virtualClock: VirtualClock? { virtual?.clock }

    /// The elapsed time `deadline` as an instant of `clock`, when this clock reads `clock`.
    func instant(of deadline: Duration, on clock: VirtualClock) -> VirtualClock.Instant? {
        guard let virtual, virtual.clock === clock else { return nil }
        return virtual.origin.advanced(by: deadline)
    }

    /// The time elapsed since the clock was adopted.
    public var now: Duration { elapsed() }

    /// The instant `delay` from now, as an elapsed time.
    public func deadline(after delay: Duration) -> Duration { elapsed() + delay }

    /// Suspends until `deadline` (an elapsed time). Returns at once when the
    /// deadline has passed; throws `CancellationError` if the task is cancelled.
    ///
    /// While it waits, the task's ``waitObserver`` (set by the ``Store`` that
    /// runs the task) knows, so the store's `settle()` does not wait for work
    /// that is only waiting for time to pass.
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let observer = Self.waitObserver
        guard let observer, deadline > now else {
            try await sleeper(deadline)
            return
        }
        observer.waiting(self, deadline)
        defer { observer.waiting(self, nil) }
        try await sleeper(deadline)
    }

    /// Told when the current task starts (a clock and a deadline) and stops
    /// (`nil`) waiting on an engine clock.
    public struct WaitObserver: Sendable {
        let waiting: @Sendable (EngineClock, Duration?) -> Void

        /// An observer calling `waiting`.
        public init(_ waiting: @escaping @Sendable (EngineClock, Duration?) -> Void) {
            self.waiting = waiting
        }
    }

    /// The observer of the current task's waits, if any.
    @TaskLocal public static var waitObserver: WaitObserver?

    /// Suspends for `delay` from now.
    public func sleep(for delay: Duration) async throws {
        try await sleep(until: deadline(after: delay))
    }

    /// The wall clock of the process (a `ContinuousClock`).
    public static var continuous: EngineClock { EngineClock(ContinuousClock()) }
}
