import Foundation
import LiverySandbox
import Testing

/// A shared sandbox cannot be exhausted by connections that never finish:
/// slow request heads, idle connections and more connections than it serves.
@Suite("Connections the sandbox sheds", .timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    private static let partialHead = Data("GET /v2/client/check-username?brand=neds&username=slow HTTP/1.1\r\nHost: 127".utf8)
    private static let wholeRequest = Data("GET /v2/client/check-username?brand=neds&username=steady HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    @Test("slow request heads are answered 408 request.headTimeout and closed, while a normal client is served")
    func slowHeads() async throws {
        let limits = ConnectionLimits(idleTimeout: .seconds(30), requestHeadTimeout: .milliseconds(300), maxConnections: 64)
        try await SandboxHarness.run(connections: limits) { sandbox in
            let slow = try (0..<20).map { _ in try RawConnection(port: sandbox.server.port) }
            for connection in slow { try await connection.send(Self.partialHead) }
            let served = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "steady"])
            #expect(served.status == 200)
            for connection in slow {
                let (bytes, closed) = try await connection.readUntilClosed()
                #expect(closed, "the sandbox closed the slow connection")
                let answer = try #require(RawAnswer(bytes))
                #expect(answer.status == 408 && answer.errorCode == "request.headTimeout")
                #expect(answer.headers["connection"] == "close")
            }
        }
    }

    @Test("a connection that sends nothing, or nothing after its answer, is closed after the idle time-out")
    func idleConnections() async throws {
        let limits = ConnectionLimits(idleTimeout: .milliseconds(300), requestHeadTimeout: .seconds(30), maxConnections: 64)
        try await SandboxHarness.run(connections: limits) { sandbox in
            let silent = try RawConnection(port: sandbox.server.port)
            let (nothing, closed) = try await silent.readUntilClosed()
            #expect(closed && nothing.isEmpty, "closed without an answer")
            let kept = try RawConnection(port: sandbox.server.port)
            try await kept.send(Self.wholeRequest)
            #expect(try await kept.readAnswer()?.status == 200)
            let (after, closedAfter) = try await kept.readUntilClosed()
            #expect(closedAfter && after.isEmpty, "the kept-alive connection closed once idle")
        }
    }

    @Test("beyond the connection cap a connection is answered 503 server.busy with Retry-After; a freed slot serves again")
    func connectionCap() async throws {
        let limits = ConnectionLimits(idleTimeout: .seconds(30), requestHeadTimeout: .seconds(30), maxConnections: 3)
        try await SandboxHarness.run(connections: limits) { sandbox in
            var held: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try RawConnection(port: sandbox.server.port)
                try await connection.send(Self.wholeRequest)
                #expect(try await connection.readAnswer()?.status == 200, "each of the first three is served")
                held.append(connection)
            }
            let extra = try RawConnection(port: sandbox.server.port)
            let (bytes, closed) = try await extra.readUntilClosed()
            let refusal = try #require(RawAnswer(bytes))
            #expect(closed && refusal.status == 503 && refusal.errorCode == "server.busy")
            #expect(refusal.headers["retry-after"] == "1")
            held.removeFirst()
            // The slot frees once the server sees the close: a few attempts at most, each a full round trip.
            var servedAgain = false
            for _ in 0..<200 where !servedAgain {
                let next = try RawConnection(port: sandbox.server.port)
                try? await next.send(Self.wholeRequest)       // a refused connection may be gone already
                servedAgain = try await next.readAnswer()?.status == 200
            }
            #expect(servedAgain)
            withExtendedLifetime(held) {}
        }
    }
}
