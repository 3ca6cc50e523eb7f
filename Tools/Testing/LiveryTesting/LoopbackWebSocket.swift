import Dispatch
import Foundation

/// A WebSocket client to `127.0.0.1` for tests: the opening handshake, then
/// text messages each way, over a ``LoopbackSocket`` whose blocking calls
/// run on a queue of its own, never on the caller's executor. Every read
/// gives up after the socket's time-out; the server's pings are answered
/// while reading, so a long conversation stays open.
///
/// Conversations with the preview use HummingbirdWSTesting; this client is
/// kept for what a library client cannot do: send an upgrade with any
/// `Origin` (a library names its own), hold several sockets open outside a
/// closure, and drop a connection with a TCP reset.
public final class LoopbackWebSocket: @unchecked Sendable {
    // @unchecked: `pending`, the only mutable state, is read and written only on `queue`, one block at a time.
    private let socket: LoopbackSocket
    private let queue = DispatchQueue(label: "loopback-websocket")
    private var pending: [UInt8] = []

    /// Why the conversation failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Connects to `127.0.0.1:port` and opens a WebSocket at `path`
    /// (`/ws?brand=neds`), as a page of `origin` when one is given (as a
    /// browser would); reads give up after `readTimeout` seconds.
    public init(port: Int, path: String, origin: String? = nil, readTimeout: Int = 10) async throws {
        socket = try LoopbackSocket(port: port, readTimeout: readTimeout)
        let request = Self.upgradeRequest(port: port, path: path, origin: origin)
        try await onQueue { [self] in
            try socket.send(Array(request.utf8))
            let end: [UInt8] = Array("\r\n\r\n".utf8)
            while !pending.containsSequence(end) {
                guard case .bytes(let chunk) = socket.next() else {
                    throw Failure(description: "no answer to the upgrade request")
                }
                pending += chunk
            }
            let split = pending.firstIndex(ofSequence: end)!
            let head = String(decoding: pending[..<split], as: UTF8.self)
            pending.removeSubrange(..<(split + end.count))
            guard head.hasPrefix("HTTP/1.1 101") else {
                throw Failure(description: "the upgrade was refused: \(head.prefix(80))")
            }
        }
    }

    /// The opening handshake's request for `path`, from a page of `origin` if given.
    public static func upgradeRequest(port: Int, path: String, origin: String? = nil) -> String {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        return "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + (origin.map { "Origin: \($0)\r\n" } ?? "")
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// Drops the connection without a closing handshake: with an orderly
    /// close (FIN), or with a TCP reset as a crashed browser does.
    public func drop(reset: Bool) {
        if reset { socket.resetOnClose() }
        socket.close()
    }

    /// Sends `text` as one masked text frame.
    public func send(_ text: String) async throws {
        let bytes = Self.frame(opcode: 0x1, payload: Array(text.utf8))
        try await onQueue { [socket] in try socket.send(bytes) }
    }

    /// One final, masked frame of `opcode` carrying `payload`, as a client sends it.
    private static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The next text message (fragments joined); nil when the server closed
    /// the connection or nothing arrived within the read time-out.
    public func receive() async throws -> String? {
        try await onQueue { [self] () throws -> String? in
            var message: [UInt8] = []
            while true {
                guard let (final, opcode, payload) = nextFrame() else { return nil }
                switch opcode {
                case 0x8: return nil
                case 0x1, 0x0:
                    message += payload
                    if final { return String(decoding: message, as: UTF8.self) }
                case 0x9:
                    // A ping is answered at once, as a browser does: a server that pings
                    // closes a connection whose pongs stop.
                    try socket.send(Self.frame(opcode: 0xA, payload: payload))
                default: continue  // pong, binary: not part of this conversation
                }
            }
        }
    }

    /// One frame off the wire (the server's frames are not masked).
    private func nextFrame() -> (final: Bool, opcode: UInt8, payload: [UInt8])? {
        func fill(_ count: Int) -> Bool {
            while pending.count < count {
                guard case .bytes(let chunk) = socket.next() else { return false }
                pending += chunk
            }
            return true
        }
        guard fill(2) else { return nil }
        var length = Int(pending[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard fill(4) else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            offset = 4
        } else if length == 127 {
            guard fill(10) else { return nil }
            length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard length <= 16 << 20, fill(offset + length) else { return nil }
        let frame = (
            final: pending[0] & 0x80 != 0, opcode: pending[0] & 0x0F,
            payload: Array(pending[offset..<(offset + length)])
        )
        pending.removeSubrange(..<(offset + length))
        return frame
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func firstIndex(ofSequence needle: [UInt8]) -> Int? {
        guard count >= needle.count else { return nil }
        return (0...(count - needle.count)).first { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool { firstIndex(ofSequence: needle) != nil }
}
