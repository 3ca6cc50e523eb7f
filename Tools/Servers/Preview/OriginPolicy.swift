import Foundation
import LiveryCore
import NIOHTTP1
import ServerConnections

/// Which web pages may use the preview: its own (served from the address it
/// listens on, by `127.0.0.1`, `localhost` or `[::1]`) and origins allowed
/// when it started (`--allow-origin`). A browser names the page behind every
/// WebSocket and every cross-site request in the `Origin` header; a request
/// naming another origin is refused 403 `origin.forbidden` before any socket
/// is upgraded, so a page the developer happens to open cannot drive
/// sessions or save recordings. Requests without an `Origin` (the page's own
/// navigation, command-line clients) are served, and so are WebSocket client
/// libraries that name the preview's own address as a `ws://` origin (no
/// browser page has such an origin).
final class OriginPolicy: Sendable {
    private let host: String
    private let extra: Set<String>
    /// The preview's own pages' origins, once it knows its port.
    private let own = Locked<Set<String>>([])

    /// A policy for a preview bound to `host`, also allowing `origins`.
    /// - Throws: ``PreviewSetupError`` for an origin that is not `http(s)://host[:port]`.
    init(host: String, allowing origins: [String]) throws {
        self.host = host
        extra = Set(
            try origins.map { origin in
                guard let normalized = Self.normalized(origin) else {
                    throw PreviewSetupError(
                        description: "--allow-origin must be an origin such as http://localhost:3000 "
                            + "(a scheme, a host and perhaps a port, no path), not '\(origin.prefix(200))'")
                }
                return normalized
            })
    }

    /// Learns the port the preview listens on: its own pages' origins.
    func served(on port: Int) {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !names.contains(host.lowercased()) { names.append(host.lowercased()) }
        let origins = names.flatMap { name in
            port == 80 ? ["http://\(name)", "http://\(name):80"] : ["http://\(name):\(port)"]
        }
        // WebSocket client libraries (swift-websocket's among them) send `ws://host`, with or without the port.
        let socketClients = names.flatMap { ["ws://\($0)", "ws://\($0):\(port)"] }
        own.withLock { $0 = Set(origins + socketClients) }
    }

    /// Whether a page of `origin` may use the preview.
    func allows(_ origin: String) -> Bool {
        let written = origin.trimmingCharacters(in: .whitespaces).lowercased()
        if written.hasPrefix("ws://") { return own.withLock { $0.contains(written) } }
        guard let origin = Self.normalized(origin) else { return false }
        return extra.contains(origin) || own.withLock { $0.contains(origin) }
    }

    /// The check of every request: a refusal for a page of another origin.
    var check: RequestCheck {
        { [self] head in
            head.headers["origin"].first { !allows($0) }.map(Refusal.foreignOrigin)
        }
    }

    /// `origin` as browsers send it (lower case, no trailing slash), or nil
    /// when it is not `http(s)://host[:port]` (`null`, a path, user info).
    static func normalized(_ origin: String) -> String? {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasSuffix("/") { text.removeLast() }
        guard text.utf8.count <= 300, let components = URLComponents(string: text),
            let url = components.url, HTTPExchange.problem(with: url) == nil, components.user == nil,
            components.password == nil,
            components.path.isEmpty, components.query == nil, components.fragment == nil
        else { return nil }
        return text
    }
}

extension PreviewConfiguration {
    /// `text` as the origin browsers send (`http://localhost:3000`), or nil
    /// when it is not one: for checking `--allow-origin` before starting.
    public static func origin(_ text: String) -> String? {
        OriginPolicy.normalized(text)
    }
}
