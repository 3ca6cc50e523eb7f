import Foundation

/// `SandboxLoad --target http://127.0.0.1:PORT [--target …] [--registrations N] [--concurrency N] [--seconds N]`:
/// loads sandboxes running as separate processes (over any database) and
/// starts none. Prints a table row, the failures by status, and one
/// `result key=value …` line for scripts (`Tools/Testing/SandboxLoad/capacity`).
enum TargetLoad {
    static func run(options: Options) throws {
        for port in options.targets { try checkHealth(port: port) }
        let run = RunID.random()
        let targets = options.targets.map { "http://127.0.0.1:\($0)" }.joined(separator: ", ")
        print(
            "sandbox load: \(options.registrations) registrations, \(options.concurrency) in flight over \(targets), "
                + "≤ \(options.seconds) s, run \(run.hex), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let deadline = ContinuousClock.now + .seconds(options.seconds)
        let result = try LoadRun.load(
            ports: options.targets, registrations: options.registrations,
            concurrency: options.concurrency, deadline: deadline, run: run)
        print("| targets | check-username p50 / p90 / p99 / max | checks | registrations created / s |")
        print("| --- | --- | --- | --- |")
        print(
            "| \(options.targets.count) | \(result.checkSummary) | \(result.checkCount) | \(result.registrationSummary) |"
        )
        if !result.failuresByStatus.isEmpty { print("failed registrations: \(result.failureSummary)") }
        let missed = options.registrations - result.created - result.failed
        if missed > 0 { print("not sent before the \(options.seconds) s deadline: \(missed)") }
        func ms(_ q: Double) -> String { result.checkMilliseconds(at: q).map { String(format: "%.2f", $0) } ?? "-" }
        print(
            String(
                format: "result created=%d failed=%d unsent=%d seconds=%.2f rate=%.1f", result.created, result.failed,
                missed, result.seconds, result.rate)
                + " checks=\(result.checks.count) check_failures=\(result.checkFailures)"
                + " p50=\(ms(0.5)) p90=\(ms(0.9)) p99=\(ms(0.99)) max=\(ms(1))")
    }

    /// Fails unless `GET /health` on `port` answers 200.
    private static func checkHealth(port: Int) throws {
        let status: Int
        do {
            status = try BlockingHTTP(port: port).send("GET /health HTTP/1.1\r\nHost: load\r\n\r\n")
        } catch {
            throw LoadError("http://127.0.0.1:\(port) does not answer: \(error)")
        }
        guard status == 200 else { throw LoadError("http://127.0.0.1:\(port)/health answered \(status)") }
    }
}
