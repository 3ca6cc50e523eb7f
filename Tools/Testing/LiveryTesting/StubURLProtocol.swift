import Foundation
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests from per-host handlers, so each test
/// registers its own host and tests run in parallel.
public final class StubURLProtocol: URLProtocol {
    /// What a handler answers: a status and body, an error, or nothing until cancelled.
    public enum Answer: Sendable {
        /// An HTTP answer, with `headers` beside its JSON content type.
        case respond(status: Int, body: String, headers: [String: String] = [:])
        /// A transport failure, e.g. `.timedOut`.
        case fail(URLError.Code)
        /// No answer until the request is cancelled.
        case hang
    }

    /// A request as the stub saw it.
    public struct Seen: Sendable {
        /// The method, e.g. `POST`.
        public let method: String?
        /// The URL's path.
        public let path: String
        /// The URL's query, if any.
        public let query: String?
        /// The body.
        public let body: Data
        /// The `Content-Type` header.
        public let contentType: String?
        /// Every header.
        public let headers: [String: String]
    }

    private struct Registry: Sendable {
        var handlers: [String: @Sendable (Seen) -> Answer] = [:]
        var seen: [String: [Seen]] = [:]
        var arrivals: [String: Arrivals] = [:]
    }

    private static let registry = Locked(Registry())

    private static func arrivals(for host: String) -> Arrivals {
        registry.withLock { registry in
            if let existing = registry.arrivals[host] { return existing }
            let made = Arrivals()
            registry.arrivals[host] = made
            return made
        }
    }

    /// Answers requests to `host` with `handler`.
    public static func register(host: String, _ handler: @escaping @Sendable (Seen) -> Answer) {
        registry.withLock { $0.handlers[host] = handler }
    }

    /// The requests made to `host`.
    public static func requests(to host: String) -> [Seen] {
        registry.withLock { $0.seen[host] ?? [] }
    }

    /// Returns once `count` requests have been made to `host`.
    public static func waitForRequests(to host: String, count: Int = 1) async {
        await arrivals(for: host).wait(for: count)
    }

    /// A session whose requests this stub answers.
    public static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    override public class func canInit(with request: URLRequest) -> Bool { true }
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        let host = request.url?.host ?? ""
        let seen = Seen(
            method: request.httpMethod, path: request.url?.path ?? "", query: request.url?.query,
            body: Self.body(of: request), contentType: request.value(forHTTPHeaderField: "Content-Type"),
            headers: request.allHTTPHeaderFields ?? [:])
        let handler: (@Sendable (Seen) -> Answer)? = Self.registry.withLock { registry in
            registry.seen[host, default: []].append(seen)
            return registry.handlers[host]
        }
        Self.arrivals(for: host).arrive()
        switch handler?(seen) ?? .fail(.cannotFindHost) {
        case .respond(let status, let body, let headers):
            let response = HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: headers.merging(["Content-Type": "application/json"]) { $1 })!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        case .fail(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .hang:
            break
        }
    }

    override public func stopLoading() {}

    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
