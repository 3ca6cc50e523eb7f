import Foundation
import LiveryCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP and HTTPS that also trust a private certificate authority: what
/// `livery run --ca-certificate` and `livery explore --ca-certificate` send
/// on, where `URLSession` cannot help (on Linux it trusts only the system's
/// authorities). The server's certificate must be signed by the given
/// authority or one the system trusts, and name the host asked for (or its
/// IP address); nothing is sent to a server that fails either check.
///
/// One connection per request, closed after the answer; an answer larger
/// than ``maxAnswerBytes`` is refused. Time-outs are the calling client's
/// (`LiveryCore/JSONClient` cancels a request that takes too long).
public struct TrustingTransport: HTTPTransport {
    /// The largest answer body read: 8 MiB.
    public static let maxAnswerBytes = 8 << 20

    private let context: NIOSSLContext

    /// A transport trusting the certificates in the PEM file at `path` besides the system's.
    /// - Throws: ``TLSSetupError`` when the file cannot be read or holds no certificate.
    public init(trusting path: String) throws(TLSSetupError) {
        let certificates = try TLSFiles.certificates(at: path, role: "the certificate authority (--ca-certificate)")
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.additionalTrustRoots = [.certificates(certificates)]
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError(path: path, reason: "cannot be used to check servers: \(error)")
        }
    }

    /// Sends `request` on a connection of its own and reads the whole answer.
    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url, HTTPExchange.problem(with: url) == nil, let host = url.host else {
            throw URLError(.badURL)
        }
        let secure = url.scheme?.lowercased() == "https"
        let port = url.port ?? (secure ? 443 : 80)
        let context = self.context
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if secure {
                        let hostname = Self.isIPAddress(host) ? nil : host
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: context, serverHostname: hostname))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                var path = url.path.isEmpty ? "/" : url.path
                if let query = url.query { path += "?" + query }
                var head = HTTPRequestHead(
                    version: .http1_1, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), uri: path)
                for (name, value) in request.allHTTPHeaderFields ?? [:] { head.headers.add(name: name, value: value) }
                head.headers.replaceOrAdd(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                let body = request.httpBody ?? Data()
                head.headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
                try await outbound.write(.head(head))
                if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
                try await outbound.write(.end(nil))
                var answer: HTTPResponseHead?
                var data = Data()
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        answer = head
                    case .body(let bytes):
                        guard data.count + bytes.readableBytes <= Self.maxAnswerBytes else {
                            throw URLError(.dataLengthExceedsMaximum)
                        }
                        data.append(contentsOf: bytes.readableBytesView)
                    case .end:
                        guard let answer else { throw URLError(.badServerResponse) }
                        return (data, Self.response(answer, url: url))
                    }
                }
                throw URLError(.networkConnectionLost)
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }

    private static func response(_ head: HTTPResponseHead, url: URL) -> URLResponse {
        var fields: [String: String] = [:]
        for (name, value) in head.headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return HTTPURLResponse(
            url: url, statusCode: Int(head.status.code), httpVersion: "HTTP/1.1", headerFields: fields)
            ?? URLResponse(url: url, mimeType: nil, expectedContentLength: -1, textEncodingName: nil)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: 0)) != nil
    }
}
