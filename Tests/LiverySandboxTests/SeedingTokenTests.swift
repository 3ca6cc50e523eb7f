import Foundation
import LiveryComposition
import LiveryCore
import LiveryWire
import Logging
import Testing

@testable import LiverySandbox
@testable import LiveryScenarios

/// A sandbox for a CI fleet: worlds made, seeded and deleted only by the
/// holders of a seeding token, each world bound to its maker's token, and a
/// sandbox that refuses to open seeding to other machines without one.
@Suite("Seeding tokens")
struct SeedingTokenTests {
    static let fleet = "fleet-token-0123456789abcdef"
    static let other = "other-token-fedcba9876543210"

    private static func token(_ token: String) -> [String: String] { ["Livery-Seeding-Token": token] }

    @Test("with tokens, a peer without one or with another is refused, even from this machine")
    func refusals() async throws {
        let lines = LogLines()
        let sandbox = try await SandboxHarness.start(
            seedingTokens: [Self.fleet, Self.other],
            logger: Logger(label: "sandbox-test") { _ in CapturingLogHandler(lines: lines) })
        let seed = SeedRequest(brand: "neds")
        let bare = try await sandbox.post("/sandbox/worlds", json: seed)
        #expect(bare.status == 403 && bare.errorCode == "seed.forbidden")
        #expect(bare.errorMessage?.contains("Livery-Seeding-Token") == true)
        let wrong = try await sandbox.post("/sandbox/worlds", json: seed, headers: Self.token("not-a-token-of-ours"))
        #expect(wrong.status == 403 && wrong.errorCode == "seed.forbidden")
        let seedDefault = try await sandbox.post("/sandbox/seed", json: seed)
        #expect(seedDefault.status == 403 && seedDefault.errorCode == "seed.forbidden")
        let made = try await sandbox.post("/sandbox/worlds", json: seed, headers: Self.token(Self.fleet))
        #expect(made.status == 201)
        let deleteBare = try await sandbox.send(
            "DELETE", "/sandbox/worlds/\((try? made.decoded(WorldCreated.self))?.world ?? "")")
        #expect(deleteBare.status == 403 && deleteBare.errorCode == "seed.forbidden")
        await sandbox.stop()
        let logged = lines.all.joined(separator: "\n")
        #expect(!logged.contains(Self.fleet) && !logged.contains("not-a-token-of-ours"), "a token was logged")
    }

    @Test("a world made with one token is seeded and deleted with that token only")
    func worldsBoundToTheirToken() async throws {
        let sandbox = try await SandboxHarness.start(seedingTokens: [Self.fleet, Self.other])
        let made = try await sandbox.post(
            "/sandbox/worlds", json: SeedRequest(brand: "neds"), headers: Self.token(Self.fleet))
        let world = try made.decoded(WorldCreated.self).world
        let foreignSeed = try await sandbox.post(
            "/sandbox/seed", json: SeedRequest(brand: "neds", takenUsernames: ["mine_now"]),
            headers: Self.token(Self.other).merging(["Livery-World": world]) { $1 })
        #expect(foreignSeed.status == 403 && foreignSeed.errorCode == "world.forbidden")
        let taken = try await sandbox.send(
            "GET", "/v2/client/check-username", query: ["brand": "neds", "username": "mine_now"],
            headers: ["Livery-World": world])
        #expect((try? taken.decoded(UsernameAvailability.self))?.available == true, "the refused seed changed nothing")
        let foreignDelete = try await sandbox.send(
            "DELETE", "/sandbox/worlds/\(world)", headers: Self.token(Self.other))
        #expect(foreignDelete.status == 403 && foreignDelete.errorCode == "world.forbidden")
        let ownSeed = try await sandbox.post(
            "/sandbox/seed", json: SeedRequest(brand: "neds", takenUsernames: ["mine_now"]),
            headers: Self.token(Self.fleet).merging(["Livery-World": world]) { $1 })
        #expect(ownSeed.status == 200)
        let ownDelete = try await sandbox.send("DELETE", "/sandbox/worlds/\(world)", headers: Self.token(Self.fleet))
        #expect(ownDelete.status == 204)
        await sandbox.stop()
    }

    @Test("on a sandbox with seeding tokens no token seeds the default world; on one without, this machine does")
    func defaultWorld() async throws {
        let shared = try await SandboxHarness.start(seedingTokens: [Self.fleet])
        let refused = try await shared.post(
            "/sandbox/seed",
            json: SeedRequest(brand: "neds", takenUsernames: ["everyones"], faults: ["create-client=500"]),
            headers: Self.token(Self.fleet))
        #expect(refused.status == 403 && refused.errorCode == "world.forbidden", "\(refused.status)")
        #expect(refused.errorMessage?.contains("POST /sandbox/worlds") == true)
        let check = try await shared.get(
            "/v2/client/check-username", query: ["brand": "neds", "username": "everyones"])
        #expect((try? check.decoded(UsernameAvailability.self))?.available == true, "the default world is as it was")
        await shared.stop()
        let own = try await SandboxHarness.start()
        #expect(
            try await own.post("/sandbox/seed", json: SeedRequest(brand: "neds", takenUsernames: ["mine"])).status
                == 200)
        await own.stop()
    }

    @Test("world ids are 128 random bits: a hundred worlds, a hundred different ids of 32 hexadecimal digits")
    func unguessableIDs() async throws {
        let ids = (0..<100).map { _ in WorldID.fresh().rawValue }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        let digits = Set(ids.joined())
        #expect(digits.count == 16, "every hexadecimal digit turns up in 3,200 random ones")
    }

    @Test("a run on another token's sandbox is told to set LIVERY_SEEDING_TOKEN, and runs with it")
    func runnerWithAndWithoutToken() async throws {
        let sandbox = try await SandboxHarness.start(seedingTokens: [Self.fleet])
        let composition = try Composition(SandboxHarness.brands)
        let refused = ScenarioRunner(
            composition: composition, backend: ScenarioBackend(baseURL: sandbox.baseURL))
        let scenario = try #require(
            try ScenarioLibrary.files(for: "neds").map { try refused.load($0, brand: "neds") }
                .first(where: \.given.needsServer))
        let refusal = await refused.checkSeeding([scenario])
        #expect(refusal?.message.contains("set LIVERY_SEEDING_TOKEN") == true, "\(refusal.map(\.message) ?? "")")
        let backend = ScenarioBackend(
            HTTPServiceConfiguration(baseURL: sandbox.baseURL), seedingToken: Self.fleet)
        let runner = ScenarioRunner(composition: composition, backend: backend)
        #expect(await runner.checkSeeding([scenario]) == nil)
        let passed = await runner.run(scenario)
        #expect(passed.passed, "\(passed.failure.map(String.init(describing:)) ?? "")")
        #expect(try await sandbox.worldRows() == 0, "the run deleted its world")
        await sandbox.stop()
    }

    @Test("seeding on an address other machines reach needs a token; plain HTTP there is warned of")
    func openSeedingRefused() async throws {
        var open = SandboxConfiguration(host: "0.0.0.0", port: 0, databasePath: "unused.sqlite", allowsSeeding: true)
        #expect(open.refusal?.contains("needs a seeding token") == true)
        await #expect(throws: SandboxSetupError.self) {
            _ = try await Sandbox.start(brands: try SandboxHarness.brands, configuration: open)
        }
        #expect(open.warning?.contains("in clear") == true)
        open.seedingTokens = [Self.fleet]
        #expect(open.refusal == nil)
        open.tls = SandboxTLS(certificatePath: "server.pem", keyPath: "server.key")
        #expect(open.warning == nil)
        for host in ["127.0.0.1", "127.0.0.2", "::1", "localhost"] {
            let local = SandboxConfiguration(host: host, port: 0, databasePath: "unused.sqlite", allowsSeeding: true)
            #expect(local.refusal == nil && local.warning == nil, "\(host)")
        }
    }
}
