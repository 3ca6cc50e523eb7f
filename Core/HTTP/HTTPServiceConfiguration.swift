import Foundation

/// Where a backend is and how long to wait for it.
///
/// Time-outs are kept by the client itself on the wall clock (on a run's
/// clock when it drives a server ``world``), on every platform: an attempt that has no answer after ``timeout`` fails with
/// ``HTTPFailure/timedOut`` whatever the platform's networking does. A call
/// that is safe to repeat (create-client, whose idempotency key makes a
/// repeat harmless) is sent again after a time-out up to
/// ``retriesOnTimeout`` times, all inside the retry ``budget``: a person
/// waits at most `budget` from tapping to an answer or an alert.
public struct HTTPServiceConfiguration: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    public var baseURL: URL
    /// How long one attempt may take before it counts as timed out.
    public var timeout: Duration
    /// How many more times a call that is safe to repeat is sent after a
    /// time-out (a 408 or 504 answer counts as one).
    public var retriesOnTimeout: Int
    /// The most one call may take, every attempt included. An attempt gets
    /// ``timeout`` or what is left of the budget, whichever is shorter; no
    /// attempt starts with less than a tenth of ``timeout`` left.
    public var budget: Duration
    /// Headers sent with every request (e.g. an API key).
    public var headers: [String: String]
    /// Headers worked out for each request (a token that refreshes, a
    /// signature), added after ``headers``; see ``RequestHeaderProvider``.
    public var headerProvider: (any RequestHeaderProvider)?
    /// The server world a run drives, if any: every request names it and
    /// carries the run's time, and time-outs, the retry budget and the
    /// server's answer delays run on the run's clock (see ``DrivenWorld``).
    public var world: DrivenWorld?

    /// A configuration: ten seconds per attempt and one retry by default;
    /// the budget is `timeout × (1 + retriesOnTimeout)` unless given.
    public init(
        baseURL: URL, timeout: Duration = .seconds(10), retriesOnTimeout: Int = 1, budget: Duration? = nil,
        headers: [String: String] = [:], headerProvider: (any RequestHeaderProvider)? = nil,
        world: DrivenWorld? = nil
    ) {
        let retry = RetryBudget(timeout: timeout, retries: retriesOnTimeout, budget: budget)
        self.baseURL = baseURL
        self.timeout = retry.timeout
        self.retriesOnTimeout = retry.retries
        self.budget = retry.budget
        self.headers = headers
        self.headerProvider = headerProvider
        self.world = world
    }

    /// How a call that is safe to repeat is repeated.
    public var retry: RetryBudget { RetryBudget(timeout: timeout, retries: retriesOnTimeout, budget: budget) }
}
