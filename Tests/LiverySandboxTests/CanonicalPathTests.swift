import Foundation
import LiveryCore
import LiveryTesting
import LiveryWire
import ServerConnections
import ServerInputs
import Testing

@testable import LiverySandbox

/// Every guard sees the request the router serves: a path written any other
/// way than its route's canonical form (doubled or trailing slashes, `%2F`,
/// dot segments, `;` parameters, percent-encoded letters, a full URL) is
/// refused before any middleware, so no guard can be walked around.
@Suite("canonical paths", .serialized)
struct CanonicalPathTests {
    static let accessToken = "access-token-0123456789"
    static let seedingToken = "seeding-token-0123456789abcdef"
    /// The password every registration sent here carries: the record must never hold it.
    static let password = "Probe-Secret-42!"

    @Test("the rule: paths of letters, digits and - . _ ~ between single slashes, nothing else")
    func rule() {
        for canonical in [
            "/", "/health", "/v2/client/check-username?brand=neds&username=a%20b", "/v2/client/client-7/details",
        ] {
            #expect(CanonicalPath.problem(in: canonical) == nil, "\(canonical)")
        }
        let refused: [(String, String)] = [
            ("//v2/client", "empty segment"), ("/v2/client/", "empty segment"), ("/v2/./client", ". or .."),
            ("/v2/x/../client", ". or .."), ("/v2/client%2Fcheck-username", "'%'"), ("/v2/%63lient", "'%'"),
            ("/v2/client;x=1", "';'"), ("/v2\\client", "'\\'"), ("http://127.0.0.1/v2/client", "origin form"),
            ("*", "origin form"), ("/v2/cli\u{0}ent", "0x0"), ("/v2/clïent", "0xc3"), ("/health#top", "'#'"),
        ]
        for (target, reason) in refused {
            #expect(CanonicalPath.problem(in: target)?.contains(reason) == true, "\(target)")
        }
    }

    /// What a request to a route carries but for the guard under test.
    enum Guard: String, CaseIterable {
        /// No `Authorization`: the account and address API must answer 401.
        case accessToken
        /// Every credential, and `Livery-World` naming the run's world: nothing may land in the default world.
        case world
        /// No seeding token: the seeding routes must answer 403.
        case seedingToken
        /// Every credential: the exchange record must never hold a password.
        case recorder
    }

    @Test("every mutation of every route is refused, whichever guard it tries to walk around", .timeLimit(.minutes(5)))
    func mutationTable() async throws {
        try await withGuardedSandbox { sandbox, targets, record in
            var tried = 0
            for route in WireRoute.all {
                let target = try #require(targets[route])
                for mutation in PathMutation.allCases {
                    guard let mutated = mutation.apply(to: target.path, port: sandbox.port) else { continue }
                    for guardian in Guard.allCases {
                        let answer = try await Self.send(target, path: mutated, past: guardian, to: sandbox.port)
                        tried += 1
                        let expected = mutation == .upperCase ? (404, "route.unknown") : (400, "path.notCanonical")
                        #expect(
                            answer?.status == expected.0 && answer?.errorCode == expected.1,
                            "\(route) as \(mutation) past the \(guardian) guard: \(answer?.status ?? 0) \(answer?.errorCode ?? "")"
                        )
                    }
                }
                // Each guard does refuse the canonical request that lacks what it asks for.
                if route.template.hasPrefix("/v2/") || route.template.hasPrefix("/address/") {
                    #expect(
                        try await Self.send(target, path: target.path, past: .accessToken, to: sandbox.port)?.status
                            == 401)
                }
                if route.isSeeding {
                    #expect(
                        try await Self.send(target, path: target.path, past: .seedingToken, to: sandbox.port)?.status
                            == 403)
                }
            }
            #expect(tried > 600, "the table ran: \(tried) requests")
            try await Self.expectNothingChanged(sandbox, record: record)
        }
    }

    @Test(
        "random mutations of random routes: each is refused, or answered exactly as its canonical path",
        .timeLimit(.minutes(5)))
    func randomMutations() async throws {
        try await withGuardedSandbox { sandbox, targets, record in
            let routes = WireRoute.all
            var generator = SeededGenerator(seed: 20_261_128)
            var canonicalAnswers: [WireRoute: Int] = [:]
            var mutatedCount = 0
            for draw in 0..<400 {
                let route = routes[Int.random(in: 0..<routes.count, using: &generator)]
                let target = try #require(targets[route])
                var path = target.path
                for _ in 0...Int.random(in: 0..<3, using: &generator) {
                    path = PathMutation.randomEdit(of: path, using: &generator)
                }
                // A guard the canonical request meets: so the canonical answer is a refusal, or a read.
                let guardian: Guard = route.isSeeding ? .seedingToken : .accessToken
                let answer = try #require(try await Self.send(target, path: path, past: guardian, to: sandbox.port))
                if path == target.path {
                    canonicalAnswers[route] = answer.status
                    continue
                }
                mutatedCount += 1
                let canonical: Int
                if let known = canonicalAnswers[route] {
                    canonical = known
                } else {
                    canonical = try #require(
                        try await Self.send(target, path: target.path, past: guardian, to: sandbox.port)?.status)
                    canonicalAnswers[route] = canonical
                }
                #expect(
                    (400..<500).contains(answer.status) || answer.status == canonical,
                    "draw \(draw): \(route) as \(path) past the \(guardian) guard answered \(answer.status) (its canonical path \(canonical))"
                )
            }
            #expect(mutatedCount > 300, "most draws changed the path: \(mutatedCount)")
            try await Self.expectNothingChanged(sandbox, record: record)
        }
    }

    // MARK: The sandbox and its requests

    /// A route's request, concrete: its path (no query), query, body, the
    /// headers it always carries and the world the world guard names.
    struct Target {
        let route: WireRoute
        let path: String
        let query: String
        let body: Data?
        let headers: [String: String]
        let world: String
    }

    /// Runs `body` against a sandbox asking for access and seeding tokens and
    /// recording exchanges, with one world and one client made the canonical way.
    private func withGuardedSandbox(
        _ body: (SandboxHarness, [WireRoute: Target], String) async throws -> Void
    ) async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent(
            "exchanges-\(UUID().uuidString).jsonl"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: record) }
        let sandbox = try await SandboxHarness.start(
            accessTokens: [Self.accessToken], seedingTokens: [Self.seedingToken]
        ) { $0.exchangeRecord = record }
        do {
            let world = try await sandbox.post(
                "/sandbox/worlds", json: ["brand": "neds"], headers: ["Livery-Seeding-Token": Self.seedingToken])
            let worldID = try #require(try? world.decoded(WorldCreated.self), "\(world.status)").world
            let created = try await sandbox.createClient(
                fields: Registrations.australian(["password": Self.password]),
                headers: ["Authorization": "Bearer \(Self.accessToken)"])
            let clientID = try #require(try? created.decoded(ClientCreated.self), "\(created.status)").clientId
            try await body(sandbox, Self.targets(client: clientID, world: worldID), record)
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    private static func targets(client: String, world: String) throws -> [WireRoute: Target] {
        func json(_ value: Any) throws -> Data { try JSONSerialization.data(withJSONObject: value) }
        let registration = try json([
            "brand": "neds",
            "fields": Registrations.australian([
                "username": "probe_user", "password": password, "email": "probe@example.com", "mobile": "0413 555 666",
            ]),
        ])
        var targets: [WireRoute: Target] = [:]
        for route in WireRoute.all {
            let path = "/" + route.path(["clientId": client, "worldId": world])
            var query = ""
            var body: Data?
            var headers: [String: String] = [:]
            switch route {
            case .checkUsername: query = "brand=neds&username=probe_user"
            case .registrationConfig: query = "brand=neds"
            case .createClient:
                body = registration
                headers["Idempotency-Key"] = "probe-\(UUID().uuidString)"
            case .setClientDetails: body = try json(["balance": 1])
            case .setBetslipCount: body = try json(["count": 1])
            case .findAddress: body = try json(["payload": [["country": "AU", "fullAddress": "12 smith"]]])
            case .retrieveAddress: body = try json(["payload": [["id": "AU-1"]]])
            case .seed, .createWorld: body = try json(["brand": "neds", "takenUsernames": ["probe_user"]])
            default: break
            }
            targets[route] = Target(
                route: route, path: path, query: query, body: body, headers: headers, world: world)
        }
        return targets
    }

    /// Sends `target` with its path written as `path`, carrying every credential but the one `guardian`
    /// checks, on a connection of its own; the answer, or `nil` when the connection ended without one.
    private static func send(_ target: Target, path: String, past guardian: Guard, to port: Int) async throws
        -> RawAnswer?
    {
        var headers = target.headers
        if guardian != .accessToken { headers["Authorization"] = "Bearer \(accessToken)" }
        if guardian != .seedingToken { headers["Livery-Seeding-Token"] = seedingToken }
        if guardian == .world { headers["Livery-World"] = target.world }
        if let body = target.body {
            headers["Content-Type"] = "application/json"
            headers["Content-Length"] = String(body.count)
        }
        var head = "\(target.route.method) \(path)\(target.query.isEmpty ? "" : "?" + target.query) HTTP/1.1\r\n"
        head += "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let connection = try RawConnection(port: port)
        try await connection.send(Data((head + "\r\n").utf8) + (target.body ?? Data()))
        return RawAnswer(try await connection.readToEnd())
    }

    /// After the mutated requests: the one client and the one world made the
    /// canonical way are all there is, and no password reached the record.
    private static func expectNothingChanged(_ sandbox: SandboxHarness, record: String) async throws {
        #expect(try await sandbox.clientRows(where: "1 = 1") == 1, "no mutated registration was stored")
        #expect(try await sandbox.worldRows() == 1, "no mutated request made or deleted a world")
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!recorded.isEmpty, "the canonical requests were recorded")
        #expect(!recorded.contains(password), "a password reached the exchange record")
    }
}
