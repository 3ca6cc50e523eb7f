import LiveryCore

/// Moves a run's virtual clock on with the wall clock, as time passes on a
/// phone: every 20 ms, by the time that passed.
enum WallClockTicker {
    /// A task that ticks `clock` until it is cancelled.
    static func start(_ clock: VirtualClock) -> Task<Void, Never> {
        Task {
            let wall = ContinuousClock()
            var last = wall.now
            while !Task.isCancelled {
                do { try await wall.sleep(for: .milliseconds(20)) } catch { return }
                let now = wall.now
                await clock.advance(by: now - last)
                last = now
            }
        }
    }
}
