import LiveryCore

/// Counts things that happen in other tasks — requests reaching a fake
/// server, say — and lets a test wait until a number of them have happened,
/// without polling: each waiter is resumed by the arrival that reaches its count.
public final class Arrivals: Sendable {
    private struct State {
        var count = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// Nothing has arrived yet.
    public init() {}

    /// How many have arrived.
    public var arrived: Int { state.withLock { $0.count } }

    /// One more has arrived; wakes the waiters whose count is reached.
    public func arrive() {
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.target <= count }.map(\.continuation)
            state.waiters.removeAll { $0.target <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `target` have arrived (at once if they have).
    public func wait(for target: Int) async {
        await withCheckedContinuation { continuation in
            let reached: Bool = state.withLock { state in
                if state.count >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
