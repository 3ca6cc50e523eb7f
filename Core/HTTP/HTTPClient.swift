import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

/// JSON over HTTP on Foundation's `URLSession`: builds requests, sends them
/// with the configured timeout and headers and sorts transport failures into
/// ``HTTPFailure``. Status codes are the caller's to interpret.
public struct HTTPClient: Sendable {
    /// The configuration.
    public let configuration: HTTPServiceConfiguration
    private let session: any HTTPTransport

    /// A client on `session`: an app's own (its certificate pinning, proxies and
    /// protocol classes apply), or an ephemeral one by default (no cookies or cache on disk).
    public init(
        _ configuration: HTTPServiceConfiguration, session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        self.configuration = configuration
        self.session = session
    }

    /// Sends a call that is safe to repeat: once, then again after each
    /// time-out (``HTTPFailure/timedOut``, or a 408 or 504 answer) up to
    /// ``HTTPServiceConfiguration/retriesOnTimeout`` times, every attempt
    /// inside the configuration's retry budget. The last time-out is thrown
    /// once the retries or the budget run out.
    public func sendRepeatable(
        _ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil,
        headers: [String: String] = [:]
    ) async throws(HTTPFailure) -> Response {
        let clock = configuration.world?.clock ?? .continuous
        return try await configuration.retry.run(
            now: { clock.now },
            attempt: { (timeout) throws(HTTPFailure) in
                try await send(method, path, query: query, body: body, headers: headers, timeout: timeout)
            }, timedOut: Self.isTimeOut)
    }

    /// The retry budget on any clock: ``RetryBudget/run(now:attempt:timedOut:)``
    /// with ``HTTPFailure/timedOut``, or a 408 or 504 answer, as a time-out.
    public static func repeating<C: Clock>(
        timeout: Duration, retries: Int, budget: Duration, clock: C,
        attempt: (Duration) async throws(HTTPFailure) -> Response
    )
        async throws(HTTPFailure) -> Response where C.Duration == Duration
    {
        let origin = clock.now
        return try await RetryBudget(timeout: timeout, retries: retries, budget: budget)
            .run(now: { origin.duration(to: clock.now) }, attempt: attempt, timedOut: isTimeOut)
    }

    /// Whether an attempt's outcome is a time-out: no answer in time, or a 408 or 504 answer.
    private static func isTimeOut(_ outcome: Result<Response, HTTPFailure>) -> Bool {
        switch outcome {
        case .success(let response): response.status == 408 || response.status == 504
        case .failure(let failure): failure == .timedOut
        }
    }

    /// An answer: its status code and body.
    public struct Response: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// The body.
        public let body: Data

        /// An answer with `status` and `body`.
        public init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }

    /// Sends `method` to `path` (relative to the base URL) with `query`
    /// parameters, a JSON `body` and extra `headers`; gives up after
    /// `timeout` (the configuration's by default).
    public func send(
        _ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil,
        headers: [String: String] = [:], timeout: Duration? = nil
    ) async throws(HTTPFailure) -> Response {
        let timeout = timeout ?? configuration.timeout
        if let problem = HTTPExchange.problem(with: configuration.baseURL) {
            throw .unreachable(reason: "'\(configuration.baseURL.absoluteString)' \(problem)")
        }
        var components = URLComponents(
            url: configuration.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
        }
        guard let url = components?.url else { throw .unreachable(reason: "'\(path)' does not make a URL") }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        var request = URLRequest(url: url, timeoutInterval: seconds)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in configuration.headers.merging(headers, uniquingKeysWith: { _, request in request }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        do {
            let (data, response) = try await HTTPExchange.answer(
                to: request, on: session, within: timeout, headers: configuration.headerProvider,
                world: configuration.world)
            guard let http = response as? HTTPURLResponse else { throw HTTPFailure.notHTTP }
            return Response(status: http.statusCode, body: data)
        } catch let failure as HTTPFailure {
            throw failure
        } catch {
            throw HTTPFailure(error)
        }
    }

    /// The session's answer to `request`, or ``HTTPFailure/timedOut`` once
    /// `timeout` has passed on the wall clock — whether or not the session
    /// gives up by itself (on Linux a silent server can hold a request far
    /// longer than the request's own time-out), and without waiting for the
    /// abandoned request, which is cancelled. Cancelling the caller cancels both.
    public static func answer(
        to request: URLRequest, on session: any HTTPTransport,
        within timeout: Duration
    ) async throws -> (Data, URLResponse) {
        let outcome = OneAnswer<(Data, URLResponse)>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.start(continuation)
                let call = Task {
                    do {
                        outcome.resolve(.success(try await session.send(request)))
                    } catch {
                        outcome.resolve(.failure(error))
                    }
                }
                let timer = Task {
                    try? await ContinuousClock().sleep(for: timeout)
                    if !Task.isCancelled, outcome.resolve(.failure(HTTPFailure.timedOut)) { call.cancel() }
                }
                outcome.onResolve { timer.cancel() }
                outcome.onCancel { call.cancel() }
            }
        } onCancel: {
            outcome.cancel()
        }
    }
}

/// One answer, given once: the first of the request, the timer and the
/// caller's cancellation to resolve it wins; later ones are dropped.
private final class OneAnswer<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
        var resolved = false
        var whenResolved: [@Sendable () -> Void] = []
        var whenCancelled: [@Sendable () -> Void] = []
        var cancelled = false
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        let pending: Result<Value, any Error>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let pending { continuation.resume(with: pending) }
    }

    /// Resolves with `result` unless already resolved; whether this call did.
    @discardableResult
    func resolve(_ result: Result<Value, any Error>) -> Bool {
        let (won, waiting, hooks): (Bool, CheckedContinuation<Value, any Error>?, [@Sendable () -> Void]) =
            state.withLock { state in
                guard !state.resolved else { return (false, nil, []) }
                state.resolved = true
                let waiting = state.continuation
                state.continuation = nil
                if waiting == nil { state.early = result }
                defer { state.whenResolved = [] }
                return (true, waiting, state.whenResolved)
            }
        waiting?.resume(with: result)
        for hook in hooks { hook() }
        return won
    }

    func onResolve(_ hook: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            if state.resolved { return true }
            state.whenResolved.append(hook)
            return false
        }
        if now { hook() }
    }

    func onCancel(_ hook: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            if state.cancelled { return true }
            state.whenCancelled.append(hook)
            return false
        }
        if now { hook() }
    }

    func cancel() {
        let hooks: [@Sendable () -> Void] = state.withLock { state in
            state.cancelled = true
            defer { state.whenCancelled = [] }
            return state.whenCancelled
        }
        for hook in hooks { hook() }
        resolve(.failure(CancellationError()))
    }
}

/// Why an HTTP request got no answer.
public enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer in time.
    case timedOut
    /// The request was cancelled.
    case cancelled
    /// The server could not be reached.
    case unreachable(reason: String)
    /// The answer was not HTTP.
    case notHTTP

    init(_ error: any Error) {
        if error is CancellationError {
            self = .cancelled
        } else if let error = error as? URLError {
            switch error.code {
            case .timedOut: self = .timedOut
            case .cancelled: self = .cancelled
            default: self = .unreachable(reason: error.localizedDescription)
            }
        } else {
            self = .unreachable(reason: "\(error)")
        }
    }

    /// What happened.
    public var description: String {
        switch self {
        case .timedOut: "no answer in time"
        case .cancelled: "the request was cancelled"
        case .unreachable(let reason): "the server could not be reached: \(reason)"
        case .notHTTP: "the answer was not HTTP"
        }
    }
}

extension DecodingError {
    /// Where the JSON did not fit and how, e.g. "'payload[0]' has no 'street'".
    public var readableDescription: String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch self {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return place.isEmpty
                ? "the answer has no '\(key.stringValue)'" : "'\(place.dropFirst())' has no '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "'\(path(context.codingPath).dropFirst())' is not \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the answer is not JSON" : "'\(path(context.codingPath).dropFirst())' is unreadable"
        @unknown default:
            return "\(self)"
        }
    }
}
