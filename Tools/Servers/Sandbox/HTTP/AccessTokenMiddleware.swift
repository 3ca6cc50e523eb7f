import Crypto
import Foundation
import Hummingbird

/// Asks the account and address API for a bearer token, as a real backend
/// behind a gateway does, so an app's token handling can be tried against
/// the sandbox: with tokens configured, a request to `/v2/…` or
/// `/address/…` without `Authorization: Bearer <token>` is answered 401
/// `auth.required`, one with a token that is not among them 401
/// `auth.invalid` (both with `WWW-Authenticate: Bearer`). The operations
/// routes and the sandbox's own (seeding, worlds) need none.
struct AccessTokenMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    /// The SHA-256 digests of the accepted tokens: a token is compared by its digest, in constant time.
    private let digests: [SHA256.Digest]

    init(tokens: Set<String>) {
        digests = tokens.map { SHA256.hash(data: Data($0.utf8)) }
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
                "auth.required", "this sandbox asks for an access token: send Authorization: Bearer <token>",
                request, context)
        }
        let offered = SHA256.hash(
            data: Data(header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces).utf8))
        guard digests.contains(where: { Self.same($0, offered) }) else {
            return try refusal(
                "auth.invalid", "the access token is not one this sandbox accepts (expired or unknown)", request,
                context)
        }
        return try await next(request, context)
    }

    private func refusal(_ code: String, _ message: String, _ request: Request, _ context: Context) throws -> Response {
        var response = try APIError(.unauthorized, code: code, message: message).response(
            from: request, context: context)
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }

    private static func same(_ lhs: SHA256.Digest, _ rhs: SHA256.Digest) -> Bool {
        zip(lhs, rhs).reduce(0 as UInt8) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
