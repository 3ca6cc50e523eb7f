import LiveryCore

extension VirtualClock {
    /// Waits (yielding, never sleeping on the wall clock) until `count` tasks sleep on the clock.
    public func waitForSleepers(count: Int = 1) async {
        while sleeperCount < count { await Task.yield() }
    }
}
