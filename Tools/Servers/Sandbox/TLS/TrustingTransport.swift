import AsyncHTTPClient
import Foundation
import LiveryCore
import NIOCore
import NIOHTTP1
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
/// Requests go through one AsyncHTTPClient client with the authority
/// added to its trust roots (a connection that fails fails its request at
/// once, naming why), one connection per request, closed after the
/// answer; an answer larger than ``maxAnswerBytes`` is refused. Time-outs are
/// the calling client's (`LiveryCore/JSONClient` cancels a request that takes
/// too long).
public struct TrustingTransport: HTTPTransport {
    /// The largest answer body read: 8 MiB.
    public static let maxAnswerBytes = 8 << 20

    private let tls: TLSConfiguration
    private let authority: String

    /// The client every trusting request goes through: AsyncHTTPClient's shared one, except that a connection
    /// that cannot be made (a certificate its authority does not vouch for, nothing listening) fails its
    /// request at once, with the reason, where the shared client tries again until its 90-second connect
    /// time-out and then reports only that time-out.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// A transport trusting the certificates in the PEM file at `path` besides the system's.
    /// - Throws: ``TLSSetupError`` when the file cannot be read or holds no certificate.
    public init(trusting path: String) throws(TLSSetupError) {
        let certificates = try TLSFiles.certificates(at: path, role: "the certificate authority (--ca-certificate)")
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.additionalTrustRoots = [.certificates(certificates)]
        do {
            // Made once here so that a configuration NIOSSL cannot use is refused now, not at the first request.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError(path: path, reason: "cannot be used to check servers: \(error)")
        }
        tls = configuration
        authority = path
    }

    /// Sends `request` and reads the whole answer.
    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url, HTTPExchange.problem(with: url) == nil else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        outgoing.tlsConfiguration = tls
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
        outgoing.headers.replaceOrAdd(name: "Connection", value: "close")
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let answer: HTTPClientResponse
        do {
            answer = try await Self.client.execute(outgoing, deadline: .distantFuture)
        } catch let error where error is NIOSSLError || error is NIOSSLExtraError {
            // A chain no trusted authority signed is an NIOSSLError; a certificate for another name, an extra one.
            throw UntrustedServer(host: url.host ?? "", authority: authority, handshake: error)
        }
        let body: ByteBuffer
        do {
            body = try await answer.body.collect(upTo: Self.maxAnswerBytes)
        } catch is NIOTooManyBytesError {
            throw URLError(.dataLengthExceedsMaximum)
        }
        return (Data(body.readableBytesView), Self.response(answer, url: url))
    }

    private static func response(_ answer: HTTPClientResponse, url: URL) -> URLResponse {
        var fields: [String: String] = [:]
        for (name, value) in answer.headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return HTTPURLResponse(
            url: url, statusCode: Int(answer.status.code), httpVersion: "HTTP/1.1", headerFields: fields)
            ?? URLResponse(url: url, mimeType: nil, expectedContentLength: -1, textEncodingName: nil)
    }
}

/// A server whose certificate the handshake refused: what to check, in words, before the TLS library's own.
struct UntrustedServer: Error, CustomStringConvertible {
    let host: String
    let authority: String
    let handshake: any Error

    var description: String {
        "the TLS handshake with \(host) failed: its certificate must be signed by the authority in \(authority) "
            + "(or one the system trusts) and name \(host) (\(handshake))"
    }
}
