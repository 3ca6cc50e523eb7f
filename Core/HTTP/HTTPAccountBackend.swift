import Foundation
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The account API over HTTP, as the sandbox backend serves it:
///
/// - `GET /v2/client/check-username?brand=<id>&username=<name>` →
///   `{"username": "…", "available": true}`, or `"available": false` with
///   `"reason"` (the first code: `username.taken`, or a username rule the name
///   breaks such as `username.characters`) and `"violations"` (every one);
/// - `POST /v2/client` with an `Idempotency-Key` header and
///   `{"brand": "<id>", "fields": {…}}` → 201 `{"clientId": "…"}` (200 with
///   the same id for a repeated key); 422 `validation.failed` and 409
///   `username.taken` with per-field violations; 409 `account.exists` when
///   the email or mobile belongs to a client; 403 `self.excluded`.
///
/// Errors are `{"error": {"code", "message", "fields": {name: [{code, message, parameters}]}}}`.
/// A create-client request that times out is sent again with the same key
/// (``HTTPServiceConfiguration/retriesOnTimeout`` times, inside its retry
/// ``HTTPServiceConfiguration/budget``), so a slow success never becomes a
/// second client and the person waits no longer than the budget.
public struct HTTPAccountBackend: AccountBackend {
    private let client: JSONClient

    /// The server's configuration.
    public var configuration: HTTPServiceConfiguration { client.configuration }

    /// A backend at `configuration`'s server, on `session`: an app's own
    /// (its certificate pinning, proxies and protocol classes apply), or an
    /// ephemeral one by default (no cookies or cache on disk).
    public init(
        _ configuration: HTTPServiceConfiguration, session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        self.client = JSONClient(configuration, session: session)
    }

    /// Asks the server; a failure or a bad answer is a ``BackendError``.
    public func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        let route = WireRoute.checkUsername
        let response = try await send(route, query: ["brand": brand.rawValue, "username": username])
        guard response.status == 200 else { throw Self.error(response, call: "check-username") }
        return try Self.decode(UsernameAvailability.self, response.body, call: "check-username").verdict
    }

    /// Posts the registration; see the type's documentation for the answers.
    public func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        let body: Data
        do {
            body = try JSONEncoder().encode(
                RegistrationRequest(brand: registration.brand.rawValue, fields: registration.fields))
        } catch {
            throw .invalidResponse(reason: "the registration could not be encoded")
        }
        let response = try await send(
            .createClient, body: body, headers: [WireHeader.idempotencyKey: registration.idempotencyKey],
            repeatable: true)
        guard response.status == 200 || response.status == 201 else {
            throw Self.error(response, call: "create-client")
        }
        return CreatedClient(
            clientID: try Self.decode(ClientCreated.self, response.body, call: "create-client").clientId)
    }

    private func send(
        _ route: WireRoute, query: [String: String] = [:], body: Data? = nil,
        headers: [String: String] = [:], repeatable: Bool = false
    ) async throws(BackendError) -> JSONClient.Response {
        let (method, path) = (route.method, route.path())
        do {
            return repeatable
                ? try await client.sendRepeatable(method, path, query: query, body: body, headers: headers)
                : try await client.send(method, path, query: query, body: body, headers: headers)
        } catch .timedOut {
            throw .timedOut
        } catch {
            throw .unavailable(reason: error.description)
        }
    }

    static func decode<Answer: Decodable>(_ type: Answer.Type, _ data: Data, call: String) throws(BackendError)
        -> Answer
    {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .invalidResponse(reason: "\(call): \(error.readableDescription)")
        } catch {
            throw .invalidResponse(reason: "\(call): \(error)")
        }
    }

    /// The ``BackendError`` an error answer stands for.
    static func error(_ response: JSONClient.Response, call: String) -> BackendError {
        let answer = try? JSONDecoder().decode(ErrorAnswer.self, from: response.body)
        let code = answer?.error.code ?? ""
        let known = answer?.error.wireCode
        let fields = answer?.error.violations ?? [:]
        switch response.status {
        case 422 where known == .idempotencyMismatch: return .idempotencyMismatch
        case 422: return fields.isEmpty ? .invalidResponse(reason: "\(call): 422 without fields") : .rejected(fields)
        case 409 where known == .accountExists: return .accountExists
        case 409 where !fields.isEmpty: return .rejected(fields)
        case 409: return .conflict(reason: answer?.error.message ?? code)
        case 403 where known == .selfExcluded: return .selfExcluded
        case 408, 504: return .timedOut
        default: return .unavailable(reason: "\(call): HTTP \(response.status)\(code.isEmpty ? "" : " \(code)")")
        }
    }
}

extension AccountBackend where Self == HTTPAccountBackend {
    /// The account API over HTTP at `configuration`'s server, on `session`
    /// (an ephemeral one by default): what ``HTTPAccountBackend`` documents.
    public static func http(
        _ configuration: HTTPServiceConfiguration,
        session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) -> HTTPAccountBackend {
        HTTPAccountBackend(configuration, session: session)
    }
}
