import Foundation
import LiverySandbox
import LiveryTesting
import ServerConnections
import Testing

/// A shared sandbox cannot be exhausted by connections that never finish:
/// slow request heads, idle connections and more connections than it serves.
@Suite("Connections the sandbox sheds", .timeLimit(.minutes(5)))
struct ConnectionLimitTests {
    private static let partialHead = Data(
        "GET /v2/client/check-username?brand=neds&username=slow HTTP/1.1\r\nHost: 127".utf8)
    private static let wholeRequest = Data(
        "GET /v2/client/check-username?brand=neds&username=steady HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    @Test("slow request heads are answered 408 request.headTimeout and closed, while a normal client is served")
    func slowHeads() async throws {
        let limits = ConnectionLimits(
            idleTimeout: .seconds(30), requestHeadTimeout: .milliseconds(300), maxConnections: 64)
        try await SandboxHarness.run(connections: limits) { sandbox in
            // Each read waits up to a minute: a guard against a hang, not a measure (a loaded CI has taken over 10 s).
            let slow = try (0..<20).map { _ in try RawConnection(port: sandbox.port, readTimeout: 60) }
            for connection in slow { try await connection.send(Self.partialHead) }
            let served = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "steady"])
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
        let limits = ConnectionLimits(
            idleTimeout: .milliseconds(300), requestHeadTimeout: .seconds(30), maxConnections: 64)
        try await SandboxHarness.run(connections: limits) { sandbox in
            let silent = try RawConnection(port: sandbox.port)
            let (nothing, closed) = try await silent.readUntilClosed()
            #expect(closed && nothing.isEmpty, "closed without an answer")
            let kept = try RawConnection(port: sandbox.port)
            try await kept.send(Self.wholeRequest)
            #expect(try await kept.readAnswer()?.status == 200)
            let (after, closedAfter) = try await kept.readUntilClosed()
            #expect(closedAfter && after.isEmpty, "the kept-alive connection closed once idle")
        }
    }

    @Test(
        "beyond the connection cap a connection is answered 503 server.busy with Retry-After; a freed slot serves again"
    )
    func connectionCap() async throws {
        let limits = ConnectionLimits(
            idleTimeout: .seconds(30), requestHeadTimeout: .seconds(30), maxConnections: 3,
            admissionWait: .seconds(2))
        try await SandboxHarness.run(connections: limits) { sandbox in
            var held: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try RawConnection(port: sandbox.port)
                try await connection.send(Self.wholeRequest)
                #expect(try await connection.readAnswer()?.status == 200, "each of the first three is served")
                held.append(connection)
            }
            let extra = try RawConnection(port: sandbox.port)
            let (bytes, closed) = try await extra.readUntilClosed()
            let refusal = try #require(RawAnswer(bytes))
            #expect(closed && refusal.status == 503 && refusal.errorCode == "server.busy")
            #expect(refusal.headers["retry-after"] == "1")
            // A connection beyond the cap waits for a slot: one freed while it waits serves it.
            let waiting = try RawConnection(port: sandbox.port)
            try await waiting.send(Self.wholeRequest)
            held.removeFirst()
            #expect(try await waiting.readAnswer()?.status == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test(
        "a request body trickled slower than the body time-out is answered 408 request.bodyTimeout, and a waiting client is then served"
    )
    func slowBodies() async throws {
        let limits = ConnectionLimits(
            idleTimeout: .seconds(30), requestHeadTimeout: .seconds(30), requestBodyTimeout: .milliseconds(300),
            maxConnections: 8, admissionWait: .seconds(20))
        try await SandboxHarness.run(connections: limits) { sandbox in
            let head =
                "POST /v2/client HTTP/1.1\r\nHost: 127.0.0.1\r\nIdempotency-Key: slow\r\n"
                + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
            let trickling = try (0..<8).map { _ in try RawConnection(port: sandbox.port) }
            for connection in trickling { try await connection.send(Data(head.utf8)) }
            // Every slot is held by a trickler: this one waits, and is served once they are cut off.
            let patient = try RawConnection(port: sandbox.port)
            try await patient.send(Self.wholeRequest)
            for connection in trickling {
                let (bytes, closed) = try await connection.readUntilClosed()
                let answer = try #require(RawAnswer(bytes))
                #expect(
                    closed && answer.status == 408 && answer.errorCode == "request.bodyTimeout",
                    "\(String(decoding: bytes, as: UTF8.self))")
            }
            #expect(try await patient.readAnswer()?.status == 200)
        }
    }

    @Test(
        "with one connection allowed, a client that opens each request's connection after the last closed is never answered 503"
    )
    func sequentialClientUnderCap() async throws {
        // A wait for the slot long enough for a machine busy with other tests to notice each close.
        let limits = ConnectionLimits(
            idleTimeout: .seconds(30), requestHeadTimeout: .seconds(30), maxConnections: 1,
            admissionWait: .seconds(10))
        try await SandboxHarness.run(connections: limits) { sandbox in
            let closing = Data(
                "GET /v2/client/check-username?brand=neds&username=steady HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .utf8)
            var statuses: [Int: Int] = [:]
            for attempt in 0..<100 {
                let connection = try RawConnection(port: sandbox.port)
                if attempt.isMultiple(of: 2) {
                    // The server closes after answering.
                    try await connection.send(closing)
                    let (bytes, _) = try await connection.readUntilClosed()
                    statuses[RawAnswer(bytes)?.status ?? 0, default: 0] += 1
                } else {
                    // The client closes after reading the answer.
                    try await connection.send(Self.wholeRequest)
                    statuses[try await connection.readAnswer()?.status ?? 0, default: 0] += 1
                }
            }
            #expect(statuses == [200: 100])
        }
    }

    @Test("CONNECT is answered at once: 405 method.notAllowed with Allow and a JSON body, then closed")
    func connect() async throws {
        try await SandboxHarness.run { sandbox in
            let connection = try RawConnection(port: sandbox.port, readTimeout: 30)
            try await connection.send(Data("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n".utf8))
            let (bytes, closed) = try await connection.readUntilClosed()
            let answer = try #require(RawAnswer(bytes))
            #expect(closed && answer.status == 405 && answer.errorCode == "method.notAllowed")
            #expect(answer.headers["allow"] == "DELETE, GET, OPTIONS, POST, PUT")
            #expect(answer.headers["content-length"] == String(answer.body.count))
        }
    }

    @Test("requests pipelined on one connection are each answered, in order")
    func pipelined() async throws {
        try await SandboxHarness.run { sandbox in
            let connection = try RawConnection(port: sandbox.port)
            let last =
                "GET /v2/client/check-username?brand=neds&username=last_one HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            try await connection.send(Self.wholeRequest + Self.wholeRequest + Data(last.utf8))
            let (bytes, closed) = try await connection.readUntilClosed()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(closed && text.components(separatedBy: "HTTP/1.1 200 OK").count == 4)
            #expect(text.range(of: "steady")!.lowerBound < text.range(of: "last_one")!.lowerBound)
        }
    }
}
