import Foundation

/// Counts things that happen in other tasks — requests reaching a fake
/// server, say — and lets a test wait until a number of them have happened,
/// without polling: each waiter is resumed by the arrival that reaches its count.
public final class Arrivals: @unchecked Sendable {
    // @unchecked: `count` and `waiters` are only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Nothing has arrived yet.
    public init() {}

    /// How many have arrived.
    public var arrived: Int { lock.withLock { count } }

    /// One more has arrived; wakes the waiters whose count is reached.
    public func arrive() {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            count += 1
            let ready = waiters.filter { $0.target <= count }.map(\.continuation)
            waiters.removeAll { $0.target <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `target` have arrived (at once if they have).
    public func wait(for target: Int) async {
        await withCheckedContinuation { continuation in
            let reached: Bool = lock.withLock {
                if count >= target { return true }
                waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
