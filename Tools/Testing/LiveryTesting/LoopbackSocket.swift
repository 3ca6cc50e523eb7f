import Foundation
import LiveryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let closeSocket = Glibc.close
#else
    private let closeSocket = Darwin.close
#endif

/// A blocking TCP socket to `127.0.0.1`, for clients that must send bytes no
/// HTTP library sends (malformed or slow requests) or must not use the
/// concurrency threads they measure. Every read gives up after its time-out.
public final class LoopbackSocket: Sendable {
    /// Why the socket could not be used.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The call that failed.
        public let description: String
    }

    private let handle: Int32
    private let isClosed = Locked(false)

    /// Connects to `127.0.0.1:port`; reads give up after `readTimeout` seconds.
    public init(port: Int, readTimeout: Int) throws(Failure) {
        #if canImport(Glibc)
            handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            handle = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard handle >= 0 else { throw Failure(description: "socket") }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(handle, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var noDelay: Int32 = 1
        setsockopt(handle, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { [handle] in
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = closeSocket(handle)
            throw Failure(description: "connect to port \(port)")
        }
    }

    deinit { close() }

    /// Closes the socket (once; later calls do nothing).
    public func close() {
        let first = isClosed.withLock { isClosed in
            defer { isClosed = true }
            return !isClosed
        }
        if first { _ = closeSocket(handle) }
    }

    /// Makes closing send a TCP reset (RST) instead of an orderly FIN.
    public func resetOnClose() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(handle, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Writes every byte of `bytes`.
    public func send(_ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            // A peer that has closed fails the call instead of raising SIGPIPE.
            #if canImport(Glibc)
                let written = bytes.withUnsafeBufferPointer {
                    Glibc.send(handle, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                }
            #else
                let written = bytes.withUnsafeBufferPointer {
                    Darwin.send(handle, $0.baseAddress! + sent, bytes.count - sent, 0)
                }
            #endif
            guard written > 0 else { throw Failure(description: "write") }
            sent += written
        }
    }

    /// What one read found.
    public enum Received: Sendable, Equatable {
        /// Bytes (up to 16 KiB).
        case bytes([UInt8])
        /// The peer closed the connection.
        case closed
        /// Nothing arrived within the read time-out (or the read failed).
        case timedOut
    }

    /// The next bytes that arrive, or why none did.
    public func next() -> Received {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = read(handle, &chunk, chunk.count)
        if count > 0 { return .bytes(Array(chunk[0..<count])) }
        return count == 0 ? .closed : .timedOut
    }

    /// The next bytes that arrive (up to 16 KiB); empty when the peer closed
    /// the connection or the read timed out.
    public func receive() -> [UInt8] {
        if case .bytes(let bytes) = next() { return bytes }
        return []
    }
}
