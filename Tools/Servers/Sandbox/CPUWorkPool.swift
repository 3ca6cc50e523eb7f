import Foundation
import NIOPosix

/// Threads of its own for CPU-heavy work — password hashing above all — so
/// that work never occupies the threads that accept connections and run
/// request handlers: while registrations queue here for scrypt, every other
/// request (a username check, an address search) is answered at once.
///
/// The width defaults to one thread fewer than the machine has cores (at
/// least one), which leaves a core for everything else. Work waits in order
/// when every thread is busy. The threads end when the pool is released.
final class CPUWorkPool: Sendable {
    private let threads: NIOThreadPool
    /// How many jobs run at once.
    let width: Int

    /// A pool of `width` threads, started at once.
    init(width: Int) {
        self.width = max(1, width)
        threads = NIOThreadPool(numberOfThreads: self.width)
        threads.start()
    }

    deinit { threads.shutdownGracefully { _ in } }

    /// Runs `work` on one of the pool's threads and returns its result.
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await threads.runIfActive(work)
    }
}
