import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Headers worked out for each request rather than fixed: an access token
/// that expires and is refreshed, a signature over the request.
///
/// The HTTP services ask for headers just before each attempt is sent (a
/// repeated attempt asks again, so it carries a token refreshed meanwhile).
/// When the server answers 401, they tell the provider with the headers that
/// were refused; if it answers `true` (it has fresh credentials) the request
/// is sent once more with new headers, otherwise the 401 stands.
///
/// ```swift
/// actor SessionTokens: RequestHeaderProvider {
///     private var token: String
///     func headers(for request: URLRequest) async throws(HTTPFailure) -> [String: String] {
///         ["Authorization": "Bearer \(token)"]
///     }
///     func refused(_ headers: [String: String]) async -> Bool {
///         guard headers["Authorization"] == "Bearer \(token)" else { return true }   // refreshed meanwhile
///         token = (try? await auth.refresh()) ?? token
///         return headers["Authorization"] != "Bearer \(token)"
///     }
/// }
/// ```
public protocol RequestHeaderProvider: Sendable {
    /// The headers to add to `request` (its method, URL and body are set).
    /// They replace fixed headers of the same name. Throwing stops the call
    /// with that failure (e.g. no credentials at all).
    func headers(for request: URLRequest) async throws(HTTPFailure) -> [String: String]

    /// The server answered 401 to a request sent with `headers`: whether
    /// fresh headers are now available, so the request is worth sending once more.
    func refused(_ headers: [String: String]) async -> Bool
}

/// One HTTP exchange as every Livery HTTP service makes it: fixed headers,
/// then the provider's, sent on the wall clock or a driven world's clock,
/// sent once more with fresh headers after a 401 the provider can refresh.
public enum HTTPExchange {
    /// The answer to `request` within `timeout`: see ``RequestHeaderProvider``
    /// and ``DrivenWorld`` for how headers and time are worked out.
    public static func answer(
        to request: URLRequest, on session: any HTTPTransport, within timeout: Duration,
        headers provider: (any RequestHeaderProvider)?,
        world: DrivenWorld?
    ) async throws -> (Data, URLResponse) {
        var refreshed = false
        while true {
            var request = request
            var added: [String: String] = [:]
            if let provider {
                added = try await provider.headers(for: request)
                for (name, value) in added { request.setValue(value, forHTTPHeaderField: name) }
            }
            let (data, response) =
                if let world {
                    try await world.answer(to: request, on: session, within: timeout)
                } else {
                    try await JSONClient.answer(to: request, on: session, within: timeout)
                }
            guard let provider, !refreshed, (response as? HTTPURLResponse)?.statusCode == 401,
                await provider.refused(added)
            else { return (data, response) }
            refreshed = true
        }
    }

    /// Whether `url` can be sent to: an http or https address with a host; why not otherwise.
    public static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "needs an http or https address"
        }
        guard let host = url.host, !host.isEmpty else { return "address has no host" }
        return nil
    }
}
