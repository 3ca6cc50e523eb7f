import BrandDeclarations
import Foundation
import LiveryTesting
import Testing

@Suite("request errors")
struct RequestErrorTests {
    @Test("a body over 64 KiB is 413 request.tooLarge")
    func tooLarge() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let big = Registrations.australian(["email": String(repeating: "a", count: 70 * 1024) + "@example.com"])
            let answer = try await sandbox.createClient(fields: big)
            #expect(answer.status == 413)
            #expect(answer.errorCode == "request.tooLarge")
        }
    }

    @Test("a query string over the head limit is 431 request.headTooLarge in the JSON error shape")
    func oversizedHead() async throws {
        try await SandboxHarness.run { sandbox in
            let answer = try await sandbox.get(
                "/v2/client/check-username",
                query: ["brand": "neds", "username": String(repeating: "a", count: 100_000)])
            #expect(answer.status == 431)
            #expect(answer.errorCode == "request.headTooLarge")
            #expect(answer.errorMessage?.contains("80 KiB") == true)
            // The server goes on answering.
            #expect(
                try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "fresh_one"])
                    .status == 200)
        }
    }

    @Test("bytes that are not HTTP are 400 request.malformed in the JSON error shape, and the connection closes")
    func notHTTP() async throws {
        try await SandboxHarness.run { sandbox in
            for garbage in [
                "\u{1}\u{2}\u{3} nonsense\r\n\r\n", "GET /v2 HTTP/9.9\r\nHost: x\r\n\r\n",
                "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
            ] {
                let connection = try RawConnection(port: sandbox.port)
                try await connection.send(Data(garbage.utf8))
                let answer = try #require(RawAnswer(try await connection.readToEnd()), "\(garbage.debugDescription)")
                #expect(answer.status == 400, "\(garbage.debugDescription)")
                #expect(answer.errorCode == "request.malformed", "\(garbage.debugDescription)")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
            }
        }
    }

    @Test("malformed JSON is 400 request.malformed")
    func malformed() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.send(
                "POST", "/v2/client", body: Data(#"{"brand": "neds", "fields": {"#.utf8),
                headers: ["Idempotency-Key": "k"])
            #expect(answer.status == 400)
            #expect(answer.errorCode == "request.malformed")
            #expect(answer.errorMessage?.contains("not valid JSON") == true)
        }
    }

    @Test("JSON of the wrong shape is 400 saying where")
    func wrongShape() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let notText = try await sandbox.post(
                "/v2/client",
                json: JSONValue.object([
                    ("brand", .string("neds")), ("fields", .object([("marketingConsent", .bool(true))])),
                ]),
                headers: ["Idempotency-Key": "k"])
            #expect(notText.status == 400)
            #expect(notText.errorMessage == "'fields.marketingConsent' is not a string")
            let noBrand = try await sandbox.post(
                "/v2/client", json: ["fields": [String: String]()], headers: ["Idempotency-Key": "k"])
            #expect(noBrand.errorMessage == "no 'brand' at the top level")
        }
    }

    @Test("a known path asked with another method (HEAD too) is 405 with Allow; OPTIONS lists the methods")
    func methods() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let wrong = try await sandbox.send("GET", "/v2/client")
            #expect(wrong.status == 405)
            #expect(wrong.errorCode == "method.notAllowed")
            #expect(wrong.allow == "OPTIONS, POST")
            let put = try await sandbox.send("DELETE", "/v2/client/client-1/details")
            #expect(put.status == 405 && put.allow == "GET, OPTIONS, PUT")
            let options = try await sandbox.send("OPTIONS", "/v2/client/check-username")
            #expect(options.status == 204 && options.allow == "GET, OPTIONS")
            let head = try await sandbox.send(
                "HEAD", "/v2/client/check-username", query: ["brand": "neds", "username": "someone_new"])
            #expect(head.status == 405 && head.allow == "GET, OPTIONS")
            let unknownOptions = try await sandbox.send("OPTIONS", "/v2/nothing-here")
            #expect(unknownOptions.status == 404 && unknownOptions.errorCode == "route.unknown")
        }
    }

    @Test("an unknown brand is 404 brand.unknown; an unknown path 404 route.unknown naming it")
    func unknowns() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let brand = try await sandbox.createClient(brand: "nobrand", fields: Registrations.australian)
            #expect(brand.status == 404)
            #expect(brand.errorCode == "brand.unknown")
            let route = try await sandbox.get("/v2/nothing-here")
            #expect(route.status == 404)
            #expect(route.errorCode == "route.unknown")
            let method = try await sandbox.send("DELETE", "/v2/nothing-here")
            #expect(method.status == 404)
            #expect(method.errorCode == "route.unknown")
            #expect(method.errorMessage == "no route for DELETE /v2/nothing-here")
        }
    }
}
