import LiveryCore

extension VirtualClock {
    /// Waits (yielding, never sleeping on the wall clock) until `count` tasks
    /// sleep on the clock, or the waiting task is cancelled (e.g. by a test's time limit).
    public func waitForSleepers(count: Int = 1) async {
        while sleeperCount < count, !Task.isCancelled { await Task.yield() }
    }
}
