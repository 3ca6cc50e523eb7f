import Foundation
import Hummingbird
import LiveryWire

/// Asks the account and address API for a bearer token, as a real backend
/// behind a gateway does, so an app's token handling can be tried against
/// the sandbox: with tokens configured, a request to `/v2/…` or
/// `/address/…` without `Authorization: Bearer <token>` is answered 401
/// `auth.required`, one with a token that is not among them 401
/// `auth.invalid` (both with `WWW-Authenticate: Bearer`). The operations
/// routes and the sandbox's own (seeding, worlds) need none.
struct AccessTokenMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    /// The accepted tokens, compared by their digests in constant time.
    private let tokens: TokenDigests

    init(tokens: Set<String>) {
        self.tokens = TokenDigests(tokens)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard path.hasPrefix("/v2/") || path.hasPrefix("/address/") else { return try await next(request, context) }
        guard let header = request.headers[.authorization], header.utf8.count <= 4096,
            header.lowercased().hasPrefix("bearer ")
        else {
            return try refusal(
                .authRequired, "this sandbox asks for an access token: send Authorization: Bearer <token>",
                request, context)
        }
        guard tokens.match(header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)) != nil else {
            return try refusal(
                .authInvalid, "the access token is not one this sandbox accepts (expired or unknown)", request,
                context)
        }
        return try await next(request, context)
    }

    private func refusal(_ code: WireErrorCode, _ message: String, _ request: Request, _ context: Context) throws
        -> Response
    {
        var response = try APIError(.unauthorized, code: code, message: message).response(
            from: request, context: context)
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }
}
