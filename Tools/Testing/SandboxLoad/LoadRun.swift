import Foundation
import LiveryCore
import Synchronization  // Atomic counters: this load tool runs on Linux only, never in an app

/// What one load run measured.
struct LoadResult {
    /// The latency of every `check-username` answered 200.
    var checks: [Duration]
    /// Checks answered otherwise, or not at all.
    var checkFailures: Int
    /// Registrations answered 201.
    var created: Int
    /// Registrations answered otherwise, or not at all.
    var failed: Int
    /// The failed registrations by status (`0`: no answer).
    var failuresByStatus: [Int: Int]
    /// From the first registration sent to the last one answered.
    var elapsed: Duration

    /// `check-username` latency at quantile `q` (0…1), in milliseconds; `nil` without checks.
    func checkMilliseconds(at q: Double) -> Double? {
        let sorted = checks.sorted()
        guard !sorted.isEmpty else { return nil }
        return Self.milliseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))])
    }

    /// `elapsed` in seconds.
    var seconds: Double { Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 }

    /// Registrations created per second of `elapsed`.
    var rate: Double { seconds > 0 ? Double(created) / seconds : 0 }

    var checkSummary: String {
        guard let p50 = checkMilliseconds(at: 0.5), let p90 = checkMilliseconds(at: 0.9),
            let p99 = checkMilliseconds(at: 0.99),
            let max = checkMilliseconds(at: 1)
        else { return "–" }
        return String(format: "%.2f / %.2f / %.2f / %.2f ms", p50, p90, p99, max)
    }

    var checkCount: String { checkFailures > 0 ? "\(checks.count) (\(checkFailures) failed)" : "\(checks.count)" }

    var registrationSummary: String {
        guard created + failed > 0 else { return "–" }
        return String(
            format: "%d in %.1f s = %.1f/s%@", created, seconds, rate, failed > 0 ? " (\(failed) failed)" : "")
    }

    /// `status 409 × 3, no answer × 1`, or empty.
    var failureSummary: String {
        failuresByStatus.sorted { $0.key < $1.key }
            .map { $0.key == 0 ? "no answer × \($0.value)" : "status \($0.key) × \($0.value)" }
            .joined(separator: ", ")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// What makes one run's registrations unique, across runs on the same
/// database too: a random id in the email, username and idempotency key,
/// and a random start for the mobile numbers (eight free digits).
struct RunID: Sendable {
    /// Eight hex digits.
    let hex: String
    /// Where this run's mobile numbers start, 0..<10^8.
    let mobileOffset: Int

    static func random() -> RunID {
        RunID(
            hex: String(format: "%08x", UInt32.random(in: 0...UInt32.max)),
            mobileOffset: Int.random(in: 0..<100_000_000))
    }

    /// A valid Neds registration, unique by `index` (< 10,000) and run. The
    /// username (at most 18 characters) folds to a distinct look-alike key:
    /// hex digits and decimal digits never fold onto each other.
    func registration(_ index: Int) -> String {
        let mobile = (mobileOffset + index) % 100_000_000
        let fields: [String: String] = [
            "title": "Ms", "firstName": "Load", "lastName": "Tester", "dateOfBirth": "10/12/1990",
            "email": "load.\(hex).\(index)@example.com",
            "mobile": String(format: "04%02d %03d %03d", mobile / 1_000_000, mobile / 1000 % 1000, mobile % 1000),
            "address.streetNumber": "12", "address.street": "Smith Street", "address.suburb": "Collingwood",
            "address.state": "VIC", "address.postcode": "3066",
            "username": "load_\(hex)_\(index)", "password": "Analytical1!", "depositLimit": "declined",
            "marketingConsent": "false",
        ]
        let body = try! JSONSerialization.data(
            withJSONObject: ["brand": "neds", "fields": fields], options: [.sortedKeys])
        return
            "POST /v2/client HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nIdempotency-Key: load-\(hex)-\(index)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self)
    }

    /// A `check-username` request for a name no one has asked before.
    func check(_ index: Int) -> String {
        "GET /v2/client/check-username?brand=neds&username=pr_\(hex)_\(index) HTTP/1.1\r\nHost: load\r\n\r\n"
    }
}

/// The blocking load, on plain threads: registration workers spread
/// round-robin over `ports` (each connection sticks to one), and one checker
/// per port asking a fresh name every 5 ms while registrations are in flight
/// (500 checks each when there are none). A connection that fails is opened
/// again; a registration whose connection failed is sent once more on a new
/// one (its idempotency key makes that safe).
enum LoadRun {
    static func load(ports: [Int], registrations: Int, concurrency: Int, deadline: ContinuousClock.Instant, run: RunID)
        throws -> LoadResult
    {
        precondition(!ports.isEmpty)
        let counters = Counters()
        let workers = registrations == 0 ? 0 : min(concurrency, registrations)
        counters.workersLeft.store(workers, ordering: .sequentiallyConsistent)
        let start = ContinuousClock.now
        let workersDone = DispatchGroup()
        let checkersDone = DispatchGroup()
        for worker in 0..<workers {
            workersDone.enter()
            Thread.detachNewThread {
                defer {
                    counters.workersLeft.subtract(1, ordering: .sequentiallyConsistent)
                    workersDone.leave()
                }
                register(
                    on: ports[worker % ports.count], registrations: registrations, deadline: deadline, run: run,
                    counters: counters)
            }
        }
        for (number, port) in ports.enumerated() {
            checkersDone.enter()
            Thread.detachNewThread {
                defer { checkersDone.leave() }
                check(
                    on: port, from: number * 1_000_000, alone: workers == 0, deadline: deadline, run: run,
                    counters: counters)
            }
        }
        workersDone.wait()
        let elapsed = ContinuousClock.now - start
        checkersDone.wait()
        return LoadResult(
            checks: counters.checks.withLock { $0 }, checkFailures: counters.checkFailures.load(ordering: .relaxed),
            created: counters.created.load(ordering: .relaxed), failed: counters.failed.load(ordering: .relaxed),
            failuresByStatus: counters.statuses.withLock { $0 }, elapsed: elapsed)
    }

    /// What every thread of a run adds to.
    private final class Counters: Sendable {
        let next = Atomic<Int>(0)
        let created = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let workersLeft = Atomic<Int>(0)
        let checkFailures = Atomic<Int>(0)
        let statuses = Locked<[Int: Int]>([:])
        let checks = Locked<[Duration]>([])
    }

    /// One registration worker: takes the next registration until there are
    /// none or time is up, sending it once more on a new connection when its
    /// connection failed.
    private static func register(
        on port: Int, registrations: Int, deadline: ContinuousClock.Instant, run: RunID, counters: Counters
    ) {
        var connection: BlockingHTTP?
        while ContinuousClock.now < deadline {
            let index = counters.next.add(1, ordering: .sequentiallyConsistent).oldValue
            guard index < registrations else { return }
            let request = run.registration(index)
            var status = 0
            for _ in 0..<2 where status == 0 {
                if connection == nil { connection = try? BlockingHTTP(port: port) }
                guard let open = connection else { break }
                do { status = try open.send(request) } catch { connection = nil }
            }
            if status == 201 {
                counters.created.add(1, ordering: .relaxed)
            } else {
                counters.failed.add(1, ordering: .relaxed)
                counters.statuses.withLock { $0[status, default: 0] += 1 }
            }
        }
    }

    /// One checker: a fresh name every 5 ms while registrations are in flight
    /// (500 when the run has none), each answer's time kept.
    private static func check(
        on port: Int, from first: Int, alone: Bool, deadline: ContinuousClock.Instant, run: RunID, counters: Counters
    ) {
        var connection: BlockingHTTP?
        var answered: [Duration] = []
        var index = first
        var asked = 0
        while ContinuousClock.now < deadline,
            alone ? asked < 500 : counters.workersLeft.load(ordering: .sequentiallyConsistent) > 0
        {
            if connection == nil { connection = try? BlockingHTTP(port: port) }
            let began = ContinuousClock.now
            let status = try? connection?.send(run.check(index))
            if status == 200 {
                answered.append(ContinuousClock.now - began)
            } else {
                counters.checkFailures.add(1, ordering: .relaxed)
                if status == nil { connection = nil }
            }
            index += 1
            asked += 1
            usleep(5_000)
        }
        counters.checks.withLock { $0.append(contentsOf: answered) }
    }
}
