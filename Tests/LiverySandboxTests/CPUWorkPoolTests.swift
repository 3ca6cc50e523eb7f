import Dispatch
import Foundation
import Testing

@testable import LiverySandbox

@Suite("CPU work pool")
struct CPUWorkPoolTests {
    @Test("work held on the pool's threads leaves the request threads free, and queued work runs in turn")
    func heldWorkDoesNotStarveOthers() async throws {
        let pool = CPUWorkPool(width: 1)
        let release = DispatchSemaphore(value: 0)
        // More held jobs than the machine has cores: on the shared cooperative threads this would starve everything.
        let held = ProcessInfo.processInfo.activeProcessorCount + 2
        let jobs = (0..<held).map { index in
            Task {
                try await pool.run {
                    release.wait()
                    return index
                }
            }
        }
        // Other async work still runs to completion while every job waits for the pool.
        let answered = await Task.detached { (1...1000).reduce(0, +) }.value
        #expect(answered == 500_500)
        for _ in 0..<held { release.signal() }
        var finished: [Int] = []
        for job in jobs { finished.append(try await job.value) }
        #expect(finished == Array(0..<held))
    }

    @Test("a registration's password is hashed and verified on the pool: the stored hash checks against it")
    func hashesOnThePool() async throws {
        let pool = CPUWorkPool(width: 1)
        let hasher = PasswordHasher(cost: .testing)
        let stored = try await pool.run { try hasher.hash("Analytical1!") }
        #expect(try await pool.run { hasher.verify("Analytical1!", against: stored) })
        #expect(try await pool.run { !hasher.verify("Analytical2!", against: stored) })
        // A stored form asking for an absurd cost is refused rather than computed.
        #expect(!hasher.verify("Analytical1!", against: "scrypt$40$8$1$c2FsdA==$a2V5"))
    }
}
