import Hummingbird
import LiveryWire
import Logging

/// Turns every error into the contract's JSON envelope, logs one line
/// per request — method, route (the matched path pattern, never the query),
/// status and duration, on the request's logger (which carries Hummingbird's
/// `hb.request.id`) — and counts it in the sandbox's metrics. Bodies,
/// usernames, names and passwords are never logged.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods each path answers: a known path asked with another method
    /// is a 405 with `Allow`; `OPTIONS` on it is a 204 with `Allow`.
    let allowed: AllowedMethods
    let metrics: SandboxMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        metrics.inFlight.increment()
        defer { metrics.inFlight.decrement() }
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let methods = allowed.methods(for: request.uri.path)
            if request.method == .options, !methods.isEmpty {
                response = Response(status: .noContent, headers: [.allow: AllowedMethods.allowHeader(methods)])
            } else if !(error is APIError), (error as? any HTTPResponseError)?.status == .notFound, !methods.isEmpty {
                response = try APIError(
                    .methodNotAllowed, code: .methodNotAllowed,
                    message:
                        "\(request.method.rawValue) is not allowed on \(request.uri.path); allowed: \(AllowedMethods.allowHeader(methods))"
                )
                .response(from: request, context: context)
                response.headers[.allow] = AllowedMethods.allowHeader(methods)
            } else {
                response = try Self.envelope(for: error, request: request).response(from: request, context: context)
            }
        }
        let elapsed = ContinuousClock.now - start
        metrics.answered(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: response.status.code,
            duration: elapsed)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method.rawValue)",
                "route": "\(context.endpointPath ?? "unmatched")",
                "status": "\(response.status.code)",
                "duration_ms": "\((milliseconds * 100).rounded() / 100)",
            ])
        return response
    }

    /// The envelope for `error`: API errors as they are; Hummingbird's own
    /// (unknown route, wrong method, body too large) with a code; anything
    /// else as a 500 that names only the error's type.
    static func envelope(for error: any Error, request: Request) -> APIError {
        if let error = error as? APIError { return error }
        if let error = error as? StorageUnavailable { return APIError(error) }
        if let error = error as? any HTTPResponseError {
            switch error.status {
            case .notFound:
                return APIError(
                    .notFound, code: .routeUnknown,
                    message: "no route for \(request.method.rawValue) \(request.uri.path)")
            case .methodNotAllowed:
                return APIError(
                    .methodNotAllowed, code: .methodNotAllowed,
                    message: "\(request.method.rawValue) is not allowed on \(request.uri.path)")
            case .contentTooLarge:
                return APIError(.contentTooLarge, code: .requestTooLarge, message: "the body is too large")
            default:
                // Any other refusal of the HTTP layer: the request's fault or the server's, by its status.
                let code: WireErrorCode = error.status.code < 500 ? .requestInvalid : .serverError
                return APIError(error.status, code: code, message: error.status.reasonPhrase)
            }
        }
        return APIError(.internalServerError, code: .serverError, message: "the sandbox failed (\(type(of: error)))")
    }
}
