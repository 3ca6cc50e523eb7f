import Foundation
import LiveryComposition
import LiveryCore
import LiveryTesting
import ServerConnections
import Testing

@testable import LiverySandbox
@testable import LiveryScenarios

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sandbox over HTTPS with a certificate of a private authority, and the
/// runs that trust that authority (`--ca-certificate`); certificates made
/// for each test with `openssl`.
@Suite("HTTPS", .enabled(if: ThrowawayCertificates.canMake, "openssl is not installed (apt-get install openssl)"))
struct TLSTests {
    @Test("a sandbox serving HTTPS runs a scenario that makes its own world, for a run trusting its authority")
    func scenarioOverHTTPS() async throws {
        let certificates = try await ThrowawayCertificates.make()
        defer { certificates.remove() }
        let transport = try TrustingTransport(trusting: certificates.authority)
        let sandbox = try await SandboxHarness.start(
            tls: SandboxTLS(certificatePath: certificates.certificate, keyPath: certificates.key), transport: transport)
        #expect(sandbox.baseURL.scheme == "https")
        #expect(try await sandbox.get("/health").status == 200)
        let runner = ScenarioRunner(
            composition: try Composition(SandboxHarness.brands),
            backend: ScenarioBackend(HTTPServiceConfiguration(baseURL: sandbox.baseURL), transport: transport))
        let scenario = try #require(
            try ScenarioLibrary.files(for: "tabnz").map { try runner.load($0, brand: "tabnz") }
                .first(where: \.given.needsServer))
        let result = await runner.run(scenario)
        #expect(result.passed, "\(result.failure.map(String.init(describing:)) ?? "")")
        #expect(try await sandbox.worldRows() == 0)
        await sandbox.stop()
    }

    @Test("journeys explored against an HTTPS sandbox with a seeding token show what they show in process")
    @MainActor
    func exploreOverHTTPS() async throws {
        let certificates = try await ThrowawayCertificates.make()
        defer { certificates.remove() }
        let transport = try TrustingTransport(trusting: certificates.authority)
        let token = "explore-token-0123456789"
        let sandbox = try await SandboxHarness.start(
            seedingTokens: [token],
            tls: SandboxTLS(certificatePath: certificates.certificate, keyPath: certificates.key), transport: transport)
        let command = ExploreCommand(
            composition: try Composition(SandboxHarness.brands), brand: "neds", journeys: 4, seed: 46,
            backend: ScenarioBackend(
                HTTPServiceConfiguration(baseURL: sandbox.baseURL), transport: transport, seedingToken: token),
            colour: false)
        #expect(await command.run() == 0)
        #expect(try await sandbox.worldRows() == 0)
        await sandbox.stop()
    }

    @Test(
        "a client that does not trust the authority, trusts another, or meets a certificate for another address sends nothing: the handshake fails, saying what to check"
    )
    func untrustedRefused() async throws {
        let certificates = try await ThrowawayCertificates.make()
        let stranger = try await ThrowawayCertificates.make()
        defer {
            certificates.remove()
            stranger.remove()
        }
        let sandbox = try await SandboxHarness.start(
            tls: SandboxTLS(certificatePath: certificates.certificate, keyPath: certificates.key))
        var request = URLRequest(url: sandbox.baseURL.appendingPathComponent("health"), timeoutInterval: 10)
        request.httpMethod = "GET"
        await #expect(throws: (any Error).self) { _ = try await URLSession(configuration: .ephemeral).send(request) }
        let other = try TrustingTransport(trusting: stranger.authority)
        let refused = await #expect(throws: (any Error).self) { _ = try await other.send(request) }
        // The handshake's own failure, at once: not a connect time-out after trying again and again.
        let said = refused.map { String(describing: $0) } ?? ""
        #expect(said.contains("the TLS handshake with 127.0.0.1 failed"), "\(said)")
        #expect(said.contains(stranger.authority) && said.contains("CERTIFICATE_VERIFY_FAILED"), "\(said)")
        let trusting = try TrustingTransport(trusting: certificates.authority)
        let (_, response) = try await trusting.send(request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        await sandbox.stop()

        // Signed by the trusted authority, but for another address than the one asked for.
        let elsewhere = try await ThrowawayCertificates.make(for: ["127.0.0.2"])
        defer { elsewhere.remove() }
        let misnamed = try await SandboxHarness.start(
            tls: SandboxTLS(certificatePath: elsewhere.certificate, keyPath: elsewhere.key))
        var asked = URLRequest(url: misnamed.baseURL.appendingPathComponent("health"), timeoutInterval: 10)
        asked.httpMethod = "GET"
        let wrongName = await #expect(throws: (any Error).self) {
            _ = try await TrustingTransport(trusting: elsewhere.authority).send(asked)
        }
        let named = wrongName.map { String(describing: $0) } ?? ""
        #expect(
            named.contains("the TLS handshake with 127.0.0.1 failed") && named.contains("name 127.0.0.1"), "\(named)")
        #expect(named.contains("failedToValidateHostname"), "\(named)")
        await misnamed.stop()
    }

    @Test("a certificate, key or authority that cannot be used is refused naming the file, before anything is served")
    func badFiles() async throws {
        let certificates = try await ThrowawayCertificates.make()
        let other = try await ThrowawayCertificates.make()
        defer {
            certificates.remove()
            other.remove()
        }
        let garbage = certificates.folder.appendingPathComponent("garbage.pem").path
        try Data("-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n".utf8).write(
            to: URL(fileURLWithPath: garbage))
        let missing = certificates.folder.appendingPathComponent("missing.pem").path
        let cases: [(SandboxTLS, String, String)] = [
            (SandboxTLS(certificatePath: missing, keyPath: certificates.key), missing, "no such file"),
            (SandboxTLS(certificatePath: garbage, keyPath: certificates.key), garbage, "not a PEM certificate"),
            (SandboxTLS(certificatePath: certificates.certificate, keyPath: garbage), garbage, "not a PEM private key"),
            (
                SandboxTLS(certificatePath: certificates.certificate, keyPath: other.key), other.key,
                "does not serve HTTPS"
            ),
        ]
        for (tls, path, reason) in cases {
            #expect {
                _ = try tls.configuration()
            } throws: { error in
                "\(error)".hasPrefix(path) && "\(error)".contains(reason)
            }
        }
        #expect(throws: TLSSetupError.self) { _ = try TrustingTransport(trusting: garbage) }
        #expect(throws: TLSSetupError.self) { _ = try TrustingTransport(trusting: missing) }
        let server = try SandboxProcess.executable
        for (arguments, expected) in [
            (["--tls-certificate", certificates.certificate], "go together"),
            (["--tls-certificate", certificates.certificate, "--tls-key", other.key], other.key),
            (["--host", "0.0.0.0", "--allow-seeding"], "needs a seeding token"),
            (["--seeding-token", "short"], "at least 16 characters"),
        ] {
            let run = try await ToolRun.run(
                server, ["sandbox", "--port", "0", "--database", SandboxHarness.temporaryDatabasePath()] + arguments,
                limit: .seconds(60))
            #expect(run.status == 2, "\(arguments): \(run.errors)")
            #expect(run.errors.contains(expected), "\(arguments): \(run.errors)")
            #expect(!run.output.contains("serving"), "\(arguments)")
        }
    }

    @Test("the connection guard answers inside TLS: a client beyond the cap reads 503 server.busy, not broken bytes")
    func guardAnswersInsideTLS() async throws {
        let certificates = try await ThrowawayCertificates.make()
        defer { certificates.remove() }
        let sandbox = try await SandboxHarness.start(
            // Long enough for a handshake on a loaded machine: the 503 is written in an established session.
            connections: ConnectionLimits(maxConnections: 1, admissionWait: .seconds(3)),
            tls: SandboxTLS(certificatePath: certificates.certificate, keyPath: certificates.key),
            transport: try TrustingTransport(trusting: certificates.authority))
        do {
            // The one slot, held by a peer that never starts a handshake. Its connection may be set up on
            // another event loop after the next one's: a request served meanwhile leaves the slot to it.
            let holder = try RawConnection(port: sandbox.port)
            var answers: [SandboxHarness.Answer] = []
            while answers.count < 5, answers.last?.status != 503 { answers.append(try await sandbox.get("/health")) }
            let refused = try #require(answers.last)
            #expect(refused.status == 503 && refused.errorCode == "server.busy", "\(answers.map(\.status))")
            #expect(refused.errorMessage?.contains("as many connections") == true)
            #expect(answers.dropLast().allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
            withExtendedLifetime(holder) {}
        }
        #expect(try await sandbox.get("/health").status == 200, "the slot freed serves again, over TLS")
        await sandbox.stop()
    }

    @Test("`livery run --ca-certificate` hands over to livery-server and runs a brand's file against an HTTPS sandbox")
    func runCommandTrustsTheAuthority() async throws {
        let certificates = try await ThrowawayCertificates.make()
        defer { certificates.remove() }
        let token = "cli-token-0123456789abcdef"
        let sandbox = try await SandboxHarness.start(
            seedingTokens: [token],
            tls: SandboxTLS(certificatePath: certificates.certificate, keyPath: certificates.key))
        let file = try #require(ScenarioLibrary.files(for: "neds").first)
        let arguments = [
            "run", "neds", file, "--backend", sandbox.baseURL.absoluteString, "--no-colour",
        ]
        // Outside the checkout, so the hand-over never asks SwiftPM to build.
        let outside = FileManager.default.temporaryDirectory
        let trusted = try await ToolRun.run(
            try SandboxProcess.tool("livery"), arguments + ["--ca-certificate", certificates.authority],
            environment: ["LIVERY_SEEDING_TOKEN": token], in: outside)
        #expect(trusted.status == 0, "\(trusted.output)\(trusted.errors)")
        #expect(trusted.output.contains("1 passed"), "\(trusted.output)")
        let untrusted = try await ToolRun.run(
            try SandboxProcess.tool("livery"), arguments, environment: ["LIVERY_SEEDING_TOKEN": token], in: outside)
        #expect(untrusted.status != 0, "\(untrusted.output)")
        let plain = try await ToolRun.run(
            try SandboxProcess.tool("livery"),
            ["run", "neds", "--backend", "http://127.0.0.1:9", "--ca-certificate", certificates.authority],
            in: outside)
        #expect(plain.status == 2 && plain.errors.contains("https"), "\(plain.errors)")
        await sandbox.stop()
    }
}
