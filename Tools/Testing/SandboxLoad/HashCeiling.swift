import Foundation
import LiverySandbox

/// `SandboxLoad --hash-only [--hashes N] [--seconds N]`: how many passwords
/// one thread hashes per second at the sandbox and at the production cost —
/// the per-core ceiling on registrations. Each cost hashes after one warm-up
/// until `hashes` are done or `seconds` have passed (at least one). Prints a
/// sentence and one `hash key=value …` line per cost.
enum HashCeiling {
    static func run(options: Options) throws {
        // A fixed sample password; it is never printed.
        let password = "Analytical1!"
        for (name, cost) in [("sandbox", PasswordHasher.Cost.sandbox), ("production", PasswordHasher.Cost.production)] {
            let hasher = PasswordHasher(cost: cost)
            _ = try hasher.hash(password)
            let start = ContinuousClock.now
            let deadline = start + .seconds(options.seconds)
            var count = 0
            while count < options.hashes, count == 0 || ContinuousClock.now < deadline {
                _ = try hasher.hash(password)
                count += 1
            }
            let elapsed = LoadResult.milliseconds(ContinuousClock.now - start) / 1000
            let rate = Double(count) / elapsed
            print(
                String(
                    format: "one core hashes %.1f/s at %@ cost (N = 2^%d, r = %d): %d hashes in %.2f s, %.1f ms each",
                    rate, name, cost.exponent, cost.blockSize, count, elapsed, elapsed * 1000 / Double(count)))
            print(
                String(
                    format: "hash cost=%@ exponent=%d hashes=%d seconds=%.2f rate=%.1f each_ms=%.1f",
                    name, cost.exponent, count, elapsed, rate, elapsed * 1000 / Double(count)))
        }
    }
}
