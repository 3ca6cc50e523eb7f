import Foundation
import LiveryWire

/// An answer a server gives below its router, written straight to the socket
/// before the connection is closed: a request the HTTP parser refuses, a
/// method no route serves, a slow or surplus client. Always the JSON error
/// shape `{"error": {"code", "message"}}`.
public struct Refusal: Sendable, Equatable {
    /// The status code.
    public let status: Int
    /// The status line's reason phrase.
    public let reason: String
    /// The error's stable code, e.g. `request.headTimeout`.
    public let code: WireErrorCode
    /// What went wrong, in words.
    public let message: String
    /// Headers to add (`Allow`, `Retry-After`), in order.
    public let headers: [Header]

    /// A header of a refusal.
    public struct Header: Sendable, Equatable {
        /// The header's name.
        public let name: String
        /// Its value.
        public let value: String

        /// A header.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A refusal.
    public init(status: Int, reason: String, code: WireErrorCode, message: String, headers: [Header] = []) {
        self.status = status
        self.reason = reason
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// 403 `origin.forbidden`: a browser page of another site may not use this server.
    public static func foreignOrigin(_ origin: String) -> Refusal {
        Refusal(
            status: 403, reason: "Forbidden", code: .originForbidden,
            message: "requests from pages of '\(origin.prefix(200))' are refused; "
                + "only this server's own pages (and origins allowed when it started) may use it")
    }

    /// The whole HTTP/1.1 answer, `Connection: close` included.
    var bytes: [UInt8] {
        let body = ErrorEnvelope.json(code: code, message: message)
        var head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}

/// The error envelope, `{"error": {"code", "message"}}`, as bytes.
public enum ErrorEnvelope {
    /// The envelope of `code` and `message`, keys sorted.
    public static func json(code: WireErrorCode, message: String) -> [UInt8] {
        let envelope = ["error": ["code": code.rawValue, "message": message]]
        return Array((try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])) ?? Data())
    }
}
