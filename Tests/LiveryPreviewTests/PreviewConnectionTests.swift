import Foundation
import LiveryTesting
import ServerConnections
import Testing

@testable import LiveryPreview

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The preview is a server on the developer's machine that any page they
/// open could reach: only its own pages may drive it, a session is its
/// page's alone and ends with its socket, and peers that are slow, idle,
/// surplus or not speaking HTTP are shed as the sandbox sheds them.
@Suite("What the preview refuses and frees", .timeLimit(.minutes(5)))
struct PreviewConnectionTests {
    /// The session id of the first screen sent on `socket`.
    private static func sessionID(_ socket: LoopbackWebSocket) async throws -> String {
        let text = try #require(try await socket.receive())
        struct FirstScreen: Decodable {
            struct Screen: Decodable { let session: String }
            let screen: Screen
        }
        return try JSONDecoder().decode(FirstScreen.self, from: Data(text.utf8)).screen.session
    }

    /// The answer to `request` sent on a new raw connection, read until the server closes it.
    private static func answer(to request: String, port: Int) async throws -> (answer: RawAnswer?, closed: Bool) {
        // A hang guard, not a measure of "at once": on two busy cores a close can come seconds after its answer.
        let connection = try RawConnection(port: port, readTimeout: 30)
        try await connection.send(Data(request.utf8))
        let (bytes, closed) = try await connection.readUntilClosed()
        return (RawAnswer(bytes), closed)
    }

    @Test(
        "a WebSocket from a page of another origin is refused 403 origin.forbidden before the upgrade; the preview's own pages, allowed origins and socket clients naming its own ws:// address connect"
    )
    func origins() async throws {
        try await withPreview(configure: { $0.allowedOrigins = ["http://Studio.example:3000/"] }) { preview, _ in
            for foreign in [
                "http://evil.example", "http://127.0.0.1:1", "null", "http://localhost.evil.example:\(preview.port)",
                "ws://evil.example", "ws://localhost:1", "wss://localhost", "ws://localhost.evil.example",
            ] {
                let upgrade = LoopbackWebSocket.upgradeRequest(
                    port: preview.port, path: "/ws?brand=neds", origin: foreign)
                let (answer, closed) = try await Self.answer(to: upgrade, port: preview.port)
                #expect(answer?.status == 403 && answer?.errorCode == "origin.forbidden" && closed, "\(foreign)")
            }
            for own in [
                "http://127.0.0.1:\(preview.port)", "http://localhost:\(preview.port)", "http://studio.example:3000",
                "ws://localhost", "ws://127.0.0.1:\(preview.port)",
            ] {
                let socket = try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=neds", origin: own)
                #expect(try await Self.sessionID(socket).count == 32, "\(own)")
            }
        }
    }

    @Test("a --allow-origin that is not an origin stops the preview from starting, naming it")
    func badAllowedOrigin() throws {
        for bad in ["localhost:3000", "http://example.com/path", "ftp://example.com", "*"] {
            #expect(throws: PreviewSetupError.self, "\(bad)") { try OriginPolicy(host: "127.0.0.1", allowing: [bad]) }
        }
    }

    @Test("session ids are unguessable and a session is read only by its id, never from another origin's page")
    func sessionsAreTheirPagesAlone() async throws {
        try await withPreview { preview, _ in
            let pages = [
                try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=neds"),
                try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=tabnz"),
            ]
            let first = try await Self.sessionID(pages[0])
            let second = try await Self.sessionID(pages[1])
            #expect(first != second)
            #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
            #expect(try await preview.get("/api/sessions/s1").status == 404)
            #expect(try await preview.get("/api/sessions/\(first)").status == 200)
            let foreign =
                "GET /api/sessions/\(first) HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nOrigin: http://evil.example\r\n\r\n"
            let (answer, _) = try await Self.answer(to: foreign, port: preview.port)
            #expect(answer?.status == 403 && answer?.errorCode == "origin.forbidden")
            withExtendedLifetime(pages) {}
        }
    }

    @Test("a session ends with its socket, whether the page closed it or the connection was reset")
    func sessionsEndWithTheirSockets() async throws {
        let closed = Arrivals()
        let sessions = PreviewSessions { closed.arrive() }
        try await withPreview(sessions: sessions) { preview, _ in
            var sockets: [LoopbackWebSocket] = []
            for brand in ["neds", "tabnz", "ladbrokes", "betcha", "neds", "neds", "tabnz", "betcha"] {
                let socket = try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=\(brand)")
                _ = try await Self.sessionID(socket)
                sockets.append(socket)
            }
            #expect(await sessions.count == sockets.count)
            for (index, socket) in sockets.enumerated() { socket.drop(reset: index.isMultiple(of: 2)) }
            await closed.wait(for: sockets.count)
            #expect(await sessions.count == 0)
        }
    }

    @Test(
        "requests the parser refuses are answered at once and closed",
        arguments: [
            "FOO / HTTP/1.1\r\nHost: x\r\n\r\n", "\u{1}\u{2}\u{3} nonsense\r\n\r\n",
            "GET /\u{0} HTTP/1.1\r\nHost: x\r\n\r\n",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n",
            "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
        ])
    func refusedRequests(_ request: String) async throws {
        try await withPreview { preview, _ in
            let (answer, closed) = try await Self.answer(to: request, port: preview.port)
            #expect(closed, "closed by the preview")
            let status = try #require(answer?.status, "answered")
            #expect([400, 405, 431].contains(status))
            #expect(answer?.errorCode != nil, "in the JSON error shape")
        }
    }

    @Test("the preview keeps the sandbox's limits: idle connections close, and one beyond the cap is answered 503")
    func limits() async throws {
        try await withPreview(configure: {
            $0.connections = ConnectionLimits(
                idleTimeout: .milliseconds(300), maxConnections: 2, admissionWait: .milliseconds(200))
        }) { preview, _ in
            let silent = try RawConnection(port: preview.port)
            let (nothing, closed) = try await silent.readUntilClosed()
            #expect(closed && nothing.isEmpty, "an idle connection is closed without an answer")
            let first = try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=neds")
            let second = try await LoopbackWebSocket(port: preview.port, path: "/ws?brand=neds")
            let (answer, _) = try await Self.answer(to: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: preview.port)
            #expect(answer?.status == 503 && answer?.errorCode == "server.busy")
            withExtendedLifetime((first, second)) {}
        }
    }
}
