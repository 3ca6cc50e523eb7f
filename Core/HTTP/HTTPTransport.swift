import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a request reaches its server and the answer comes back. Every HTTP
/// service of Livery sends through one: `URLSession` by default (an app's
/// own session keeps its certificate pinning, proxies and protocol
/// classes), or a transport of the app's or a tool's own, such as one that
/// trusts a private certificate authority where `URLSession` cannot (on
/// Linux it trusts only the system's).
///
/// Time-outs, retries, headers and driven worlds are the services' own: a
/// transport only carries one request and its answer. Each client takes its
/// transport as `session:` (`LiveServices(accounts:addresses:session:)` gives
/// one to all of them); see <doc:SendingRequests>.
///
/// On Linux, `URLRequest` and `URLResponse` are in FoundationNetworking: a
/// file that conforms a type imports it where it exists:
///
/// ```swift
/// import Foundation
///
/// #if canImport(FoundationNetworking)
///     import FoundationNetworking
/// #endif
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request`; its body and response (an `HTTPURLResponse` for an HTTP answer).
    /// Cancelling the calling task abandons the request.
    func send(_ request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: HTTPTransport {
    /// Sends `request` as a data task of this session.
    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request)
    }
}
