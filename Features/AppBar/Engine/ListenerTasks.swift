import Foundation

/// The tasks that feed service updates into an engine, cancelled together
/// when the engine goes away. A class so that an actor's non-isolated
/// initialiser can hand it tasks after `self` is available.
final class ListenerTasks: @unchecked Sendable {
    // @unchecked: `tasks` is only read and written under `lock`.
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []

    /// Keeps `task` until ``cancelAll()``.
    func add(_ task: Task<Void, Never>) {
        lock.withLock { tasks.append(task) }
    }

    /// Cancels every task.
    func cancelAll() {
        let running = lock.withLock { defer { tasks.removeAll() }; return tasks }
        for task in running { task.cancel() }
    }
}
