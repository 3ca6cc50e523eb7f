import Dispatch
import Foundation

/// A bare TCP connection to a loopback port, for bytes no HTTP client sends:
/// malformed requests, oversized heads, slow writers. Its blocking calls run
/// on a dispatch queue, never on the test's executor; every read has a time-out.
public final class RawConnection: Sendable {
    private let socket: LoopbackSocket
    private let queue = DispatchQueue(label: "raw-connection")

    /// Connects to `127.0.0.1:port`; reads give up after `readTimeout` seconds.
    public init(port: Int, readTimeout: Int = 10) throws {
        socket = try LoopbackSocket(port: port, readTimeout: readTimeout)
    }

    /// Sends `bytes` (all of them, or throws).
    public func send(_ bytes: Data) async throws {
        try await onQueue { [socket] in try socket.send(Array(bytes)) }
    }

    /// Reads until the peer closes the connection or the read times out; the bytes read.
    public func readToEnd(limit: Int = 1 << 20) async throws -> Data {
        try await onQueue { [socket] in
            var received = Data()
            while received.count < limit {
                let chunk = socket.receive()
                guard !chunk.isEmpty else { break }
                received.append(contentsOf: chunk)
            }
            return received
        }
    }

    /// Reads until the peer closes the connection or a read times out: the
    /// bytes read, and whether it was the peer that closed.
    public func readUntilClosed(limit: Int = 1 << 20) async throws -> (bytes: Data, closedByPeer: Bool) {
        try await onQueue { [socket] in
            var received = Data()
            while received.count < limit {
                switch socket.next() {
                case .bytes(let chunk): received.append(contentsOf: chunk)
                case .closed: return (received, true)
                case .timedOut: return (received, false)
                }
            }
            return (received, false)
        }
    }

    /// Reads one whole answer (its head and `Content-Length` bytes of body),
    /// leaving the connection open; nil when the connection ends first.
    public func readAnswer() async throws -> RawAnswer? {
        try await onQueue { [socket] in
            var received = Data()
            while received.count < 1 << 20 {
                if let split = received.firstRange(of: Data("\r\n\r\n".utf8)),
                    let answer = RawAnswer(received),
                    received.count - split.upperBound >= Int(answer.headers["content-length"] ?? "0") ?? 0
                {
                    return answer
                }
                guard case .bytes(let chunk) = socket.next() else { return nil }
                received.append(contentsOf: chunk)
            }
            return nil
        }
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// An HTTP/1.1 answer read off a raw connection.
public struct RawAnswer: Sendable {
    /// The status code.
    public let status: Int
    /// The headers, by lower-case name.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Parses `bytes` (one response, read to the end); nil when it is not one.
    public init?(_ bytes: Data) {
        guard let split = bytes.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
        self.body = bytes[split.upperBound...]
    }

    /// `error.code` of the JSON envelope.
    public var errorCode: String? {
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return (json?["error"] as? [String: Any])?["code"] as? String
    }
}
