import Foundation
import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

/// Serialized: FoundationNetworking on Linux has been seen handing one stubbed answer to another
/// session's request when several stubbed sessions run at once (about one run in seven).
@Suite("The account API over HTTP: answers become backend errors the journey understands", .serialized)
struct HTTPAccountBackendTests {
    private static let testBrand = BrandID(rawValue: "test-brand")!
    private func backend(
        _ host: String, _ handler: @escaping @Sendable (StubURLProtocol.Seen) -> StubURLProtocol.Answer
    ) -> HTTPAccountBackend {
        StubURLProtocol.register(host: host, handler)
        return HTTPAccountBackend(
            HTTPServiceConfiguration(baseURL: URL(string: "http://\(host)")!), session: StubURLProtocol.session())
    }

    private let registration = ClientRegistration(
        brand: BrandID(rawValue: "test-brand")!,
        fields: ["username": "alex_c", "password": "Secret-123"],
        idempotencyKey: "key-1")

    @Test("check-username asks with the brand and the name, and reads the answer")
    func checkUsername() async throws {
        let backend = backend("check.test") { _ in
            .respond(status: 200, body: #"{"username": "alex_c", "available": false}"#)
        }
        #expect(try await backend.checkUsername("alex_c", for: Self.testBrand).isAvailable == false)
        let seen = try #require(StubURLProtocol.requests(to: "check.test").first)
        #expect(seen.path == "/v2/client/check-username")
        #expect(seen.query == "brand=test-brand&username=alex_c")
    }

    @Test("an unavailable name carries the server's reasons; one without reasons reads as taken")
    func checkUsernameReasons() async throws {
        let refused = backend("refused.test") { _ in
            .respond(
                status: 200,
                body:
                    #"{"username": "a b", "available": false, "reason": "username.characters", "violations": [{"code": "username.characters", "message": "Letters only.", "parameters": {}}]}"#
            )
        }
        #expect(
            try await refused.checkUsername("a b", for: Self.testBrand)
                == .unavailable([RuleViolation(code: "username.characters", template: "Letters only.")]))
        let taken = backend("taken.test") { _ in .respond(status: 200, body: #"{"available": false}"#) }
        #expect(
            try await taken.checkUsername("alex_c", for: Self.testBrand).reasons.map(\.code) == [
                UsernameVerdict.takenCode
            ])
    }

    @Test("a created client's id is read from a 201, and the idempotency key is sent")
    func created() async throws {
        let backend = backend("create.test") { _ in .respond(status: 201, body: #"{"clientId": "client-7"}"#) }
        #expect(try await backend.createClient(registration) == CreatedClient(clientID: "client-7"))
        let seen = try #require(StubURLProtocol.requests(to: "create.test").first)
        #expect(seen.method == "POST" && seen.headers["Idempotency-Key"] == "key-1")
        let body = try JSONDecoder().decode(RegistrationRequest.self, from: seen.body)
        #expect(body.brand == "test-brand")
    }

    @Test(
        "a server that never answers: the call times out at its configured time, and is sent once more with the same key"
    )
    func silentServerTimesOut() async throws {
        StubURLProtocol.register(host: "silent.test") { _ in .hang }
        let backend = HTTPAccountBackend(
            HTTPServiceConfiguration(baseURL: URL(string: "http://silent.test")!, timeout: .milliseconds(300)),
            session: StubURLProtocol.session())
        let started = ContinuousClock.now
        await #expect(throws: BackendError.timedOut) { try await backend.createClient(registration) }
        let elapsed = ContinuousClock.now - started
        // Two attempts of 300 ms each; URLSession enforces the time-out with its own timer, which can fire a
        // few milliseconds early, so the bound allows a tenth: it still fails a call that gives up at once.
        #expect(elapsed >= .milliseconds(540), "two attempts of 300 ms each (took \(elapsed))")
        #expect(
            elapsed < .seconds(30),
            "the time-out held rather than waiting for an answer that never comes (took \(elapsed))")
        // How many of the attempts reach the stub depends on FoundationNetworking after a hung request;
        // the attempts themselves are counted with a virtual clock below. Every one carries the key.
        #expect(Set(StubURLProtocol.requests(to: "silent.test").map { $0.headers["Idempotency-Key"] }) == ["key-1"])
    }

    @Test(
        "retries stay inside the budget: each attempt gets the time-out or what is left, none starts with under a tenth of it",
        arguments: [(750, [300, 300, 150]), (620, [300, 300]), (900, [300, 300, 300]), (200, [200])])
    func retryBudget(_ budget: Int, _ expected: [Int]) async throws {
        let clock = VirtualClock()
        var given: [Duration] = []
        await #expect(throws: HTTPFailure.timedOut) {
            _ = try await JSONClient.repeating(
                timeout: .milliseconds(300), retries: 5, budget: .milliseconds(budget),
                clock: clock
            ) { (timeout) throws(HTTPFailure) in
                given.append(timeout)
                await clock.advance(by: timeout)  // the attempt waits its whole time-out out
                throw .timedOut
            }
        }
        #expect(given == expected.map { .milliseconds($0) })
    }

    @Test("with no retries, or a fast answer, there is one attempt")
    func oneAttempt() async throws {
        let clock = VirtualClock()
        var attempts = 0
        await #expect(throws: HTTPFailure.timedOut) {
            _ = try await JSONClient.repeating(timeout: .seconds(1), retries: 0, budget: .seconds(10), clock: clock) {
                (_) throws(HTTPFailure) in
                attempts += 1
                throw .timedOut
            }
        }
        let answer = try await JSONClient.repeating(
            timeout: .seconds(1), retries: 3, budget: .seconds(10), clock: clock
        ) { (_) throws(HTTPFailure) in
            attempts += 1
            return JSONClient.Response(status: 201, body: Data())
        }
        #expect(answer.status == 201 && attempts == 2)
    }

    @Test("a 504 or 408 answer is a time-out too: sent again with the same key while retries last")
    func answeredTimeOut() async throws {
        let backend = backend("gateway.test") { _ in
            switch StubURLProtocol.requests(to: "gateway.test").count {
            case 1: .respond(status: 504, body: "")
            case 2: .respond(status: 408, body: "")
            default: .respond(status: 201, body: #"{"clientId": "client-9"}"#)
            }
        }
        await #expect(throws: BackendError.timedOut) { try await backend.createClient(registration) }
        #expect(StubURLProtocol.requests(to: "gateway.test").count == 2, "one retry by default")
        let patient = HTTPAccountBackend(
            HTTPServiceConfiguration(baseURL: URL(string: "http://gateway.test")!, retriesOnTimeout: 2),
            session: StubURLProtocol.session())
        #expect(try await patient.createClient(registration) == CreatedClient(clientID: "client-9"))
        #expect(Set(StubURLProtocol.requests(to: "gateway.test").map { $0.headers["Idempotency-Key"] }) == ["key-1"])
    }

    @Test("a 422 with per-field codes is a rejection placed on those fields")
    func rejected() async throws {
        let backend = backend("reject.test") { _ in
            .respond(
                status: 422,
                body:
                    #"{"error": {"code": "validation.failed", "message": "Check your details", "fields": {"email": [{"code": "email.format", "message": "Enter an email.", "parameters": {}}]}}}"#
            )
        }
        await #expect(
            throws: BackendError.rejected(["email": [RuleViolation(code: "email.format", template: "Enter an email.")]])
        ) {
            try await backend.createClient(registration)
        }
    }

    @Test("a 409 for a taken username lands on the field; another 409 means the client exists")
    func conflicts() async throws {
        let taken = backend("taken.test") { _ in
            .respond(
                status: 409,
                body:
                    #"{"error": {"code": "username.taken", "message": "Taken", "fields": {"username": [{"code": "username.taken", "message": "That username is taken."}]}}}"#
            )
        }
        await #expect(
            throws: BackendError.rejected([
                "username": [RuleViolation(code: "username.taken", template: "That username is taken.")]
            ])
        ) {
            try await taken.createClient(registration)
        }
        let exists = backend("exists.test") { _ in
            .respond(status: 409, body: #"{"error": {"code": "client.exists", "message": "already registered"}}"#)
        }
        await #expect(throws: BackendError.conflict(reason: "already registered")) {
            try await exists.createClient(registration)
        }
    }

    @Test("a 403 self.excluded is the self-exclusion refusal")
    func selfExcluded() async throws {
        let backend = backend("excluded.test") { _ in
            .respond(status: 403, body: #"{"error": {"code": "self.excluded", "message": "no"}}"#)
        }
        await #expect(throws: BackendError.selfExcluded) { try await backend.createClient(registration) }
    }

    @Test("a create that times out is sent again with the same key; the second answer counts")
    func retryOnTimeout() async throws {
        let backend = backend("retry.test") { _ in
            StubURLProtocol.requests(to: "retry.test").count == 1
                ? .fail(.timedOut) : .respond(status: 200, body: #"{"clientId": "client-1"}"#)
        }
        #expect(try await backend.createClient(registration) == CreatedClient(clientID: "client-1"))
        let keys = StubURLProtocol.requests(to: "retry.test").map { $0.headers["Idempotency-Key"] }
        #expect(keys == ["key-1", "key-1"])
    }

    @Test("a server error, a timeout twice and a malformed answer are clear errors")
    func failures() async throws {
        let down = backend("down.test") { _ in .respond(status: 500, body: "") }
        await #expect(throws: BackendError.unavailable(reason: "check-username: HTTP 500")) {
            try await down.checkUsername("x", for: Self.testBrand).isAvailable
        }
        let slow = backend("slow.test") { _ in .fail(.timedOut) }
        await #expect(throws: BackendError.timedOut) { try await slow.createClient(registration) }
        #expect(StubURLProtocol.requests(to: "slow.test").count == 2)
        let garbled = backend("garbled.test") { _ in .respond(status: 200, body: #"{"username": "x"}"#) }
        await #expect(throws: BackendError.invalidResponse(reason: "check-username: the answer has no 'available'")) {
            try await garbled.checkUsername("x", for: Self.testBrand).isAvailable
        }
    }

    @Test("client details and betslip count feed the session the app bar follows")
    func sessionDetails() async throws {
        StubURLProtocol.register(host: "session.test") { seen in
            seen.path.hasSuffix("/details")
                ? .respond(
                    status: 200,
                    body:
                        #"{"balance": "125.50", "pendingBetsCount": 2, "promotionsBalance": 3, "socialProfile": {"nickname": "ace"}}"#
                )
                : .respond(status: 200, body: #"{"count": 4}"#)
        }
        let client = ClientDetailsReader(
            HTTPServiceConfiguration(baseURL: URL(string: "http://session.test")!),
            session: StubURLProtocol.session())
        let session = EmbeddedClientDetails()
        let betslip = EmbeddedBetslipCount()
        try await client.refresh("client-1", session: session, betslip: betslip)
        #expect(session.latest.details?.balance == Decimal(string: "125.50"))
        #expect(session.latest.details?.socialProfile?.nickname == "ace")
        #expect(betslip.latestCount == 4)
    }
}
