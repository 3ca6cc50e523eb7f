/// How a call that is safe to repeat (create-client, whose idempotency key
/// makes a repeat harmless) is sent again after a time-out: up to
/// ``retries`` more times, every attempt inside ``budget``, on whatever clock
/// the caller reads. The app's HTTP client and the embedded world's services
/// repeat by the same rule, so a journey waits as long in process as over HTTP.
public struct RetryBudget: Hashable, Sendable {
    /// How long one attempt may take.
    public let timeout: Duration
    /// How many more times the call is sent after a time-out.
    public let retries: Int
    /// The most the call may take, every attempt included.
    public let budget: Duration

    /// A budget: at least 1 ms per attempt, 0…10 retries, and `timeout × (1 + retries)` unless given.
    public init(timeout: Duration, retries: Int, budget: Duration? = nil) {
        self.timeout = max(timeout, .milliseconds(1))
        self.retries = min(max(0, retries), 10)
        self.budget = max(budget ?? self.timeout * (1 + self.retries), .milliseconds(1))
    }

    /// Calls `attempt` with the time it may take — ``timeout``, or what is
    /// left of ``budget`` when that is less — once, then again after each
    /// time-out (an outcome `timedOut` says is one) while retries are left
    /// and at least a tenth of ``timeout`` is; time is the elapsed time `now`
    /// reads. The last outcome is the result.
    public func run<Answer, Failure: Error>(
        now: () -> Duration, attempt: (Duration) async throws(Failure) -> Answer,
        timedOut: (Result<Answer, Failure>) -> Bool
    ) async throws(Failure) -> Answer {
        let end = now() + budget
        var left = retries
        while true {
            let outcome: Result<Answer, Failure>
            do throws(Failure) {
                outcome = .success(try await attempt(min(timeout, end - now())))
            } catch {
                outcome = .failure(error)
            }
            guard timedOut(outcome), left > 0, end - now() >= timeout / 10 else { return try outcome.get() }
            left -= 1
        }
    }
}
