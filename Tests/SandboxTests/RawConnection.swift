import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to a loopback port, for bytes no HTTP client sends:
/// malformed requests, oversized heads, slow writers. Its blocking calls run
/// on a dispatch queue, never on the test's executor; every read has a time-out.
final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private let queue = DispatchQueue(label: "raw-connection")

    /// Connects to `127.0.0.1:port`; reads give up after `readTimeout` seconds.
    init(port: Int, readTimeout: Int = 10) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw RawConnectionError.failed("socket") }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(socket); throw RawConnectionError.failed("connect") }
    }

    deinit { close(socket) }

    /// Sends `bytes` (all of them, or throws).
    func send(_ bytes: Data) async throws {
        try await onQueue { [socket] in
            var sent = 0
            while sent < bytes.count {
                let written = bytes.withUnsafeBytes { write(socket, $0.baseAddress! + sent, bytes.count - sent) }
                guard written > 0 else { throw RawConnectionError.failed("write") }
                sent += written
            }
        }
    }

    /// Reads until the peer closes the connection or the read times out; the bytes read.
    func readToEnd(limit: Int = 1 << 20) async throws -> Data {
        try await onQueue { [socket] in
            var received = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while received.count < limit {
                let count = read(socket, &chunk, chunk.count)
                guard count > 0 else { break }
                received.append(contentsOf: chunk[0..<count])
            }
            return received
        }
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}

enum RawConnectionError: Error {
    case failed(String)
}

/// An HTTP/1.1 answer read off a raw connection.
struct RawAnswer {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// Parses `bytes` (one response, read to the end); nil when it is not one.
    init?(_ bytes: Data) {
        guard let split = bytes.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        self.body = bytes[split.upperBound...]
    }

    /// `error.code` of the JSON envelope.
    var errorCode: String? {
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return (json?["error"] as? [String: Any])?["code"] as? String
    }
}
