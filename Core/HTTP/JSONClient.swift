import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// JSON over HTTP on Foundation's `URLSession`: builds requests, sends them
/// with the configured timeout and headers and sorts transport failures into
/// ``HTTPFailure``. Status codes are the caller's to interpret.
public struct JSONClient: Sendable {
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
