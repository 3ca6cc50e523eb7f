import Foundation
import Testing
import LiveryComposition
import LiveryCore
import LiverySandbox
import LiveryScenarios

@Suite("Every brand's scenarios against the sandbox server", .serialized)
struct ScenarioSuiteTests {
    /// A runner against `sandbox`. The client gives up after 3 s rather than
    /// the default 10 s: the slow-server scenarios (12 s of latency) still time
    /// out, twice (the retry), in a fraction of the time.
    private func runner(_ sandbox: SandboxHarness) throws -> ScenarioRunner {
        ScenarioRunner(composition: try Composition(SandboxHarness.brands),
                       backend: HTTPServiceConfiguration(baseURL: sandbox.server.baseURL, timeout: .seconds(3)))
    }

    @Test("each brand's scenario suite passes over HTTP", arguments: ["ladbrokes", "neds", "betcha", "tabnz"])
    func brandSuite(brand: String) async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try runner(sandbox)
            let files = ScenarioLibrary.files(for: brand)
            #expect(files.count >= 6)
            for file in files {
                let result = try await runner.run(file: file, brand: brand)
                #expect(result.passed, "\(file): \(result.failure.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test("a given: the server must hear of, against a sandbox that does not allow seeding, stops the run before anything runs (exit 2)")
    func seedingRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-seed-\(UUID().uuidString)")
        let brandFolder = folder.appendingPathComponent("Tests/Scenarios/neds")
        try FileManager.default.createDirectory(at: brandFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario: needs the server\ngiven:\n  takenUsernames: [never_seeded]\nsteps:\n  - next\n"
            .write(to: brandFolder.appendingPathComponent("01-x.yaml"), atomically: true, encoding: .utf8)
        try await SandboxHarness.run(allowsSeeding: false) { sandbox in
            let status = await ScenarioCommand(composition: try Composition(SandboxHarness.brands), brand: "neds", json: true,
                                               colour: false, scenariosDirectory: folder.appendingPathComponent("Tests/Scenarios").path,
                                               backend: HTTPServiceConfiguration(baseURL: sandbox.server.baseURL)).run()
            #expect(status == 2)
            let check = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds", "username": "never_seeded"])
            #expect(check.json["available"] as? Bool == true)
        }
    }

    @Test("with injected faults the error scenarios show their alerts", arguments: [
        ("neds-username-check-fails.yaml", "neds", "check-username=500@1"),
        ("tabnz-sign-up-fails.yaml", "tabnz", "create-client=503@1"),
    ])
    func faults(file: String, brand: String, fault: String) async throws {
        let plan = try FaultPlan.parse(faults: [fault], latencies: [])
        try await SandboxHarness.run(faults: plan) { sandbox in
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios/\(file)").path
            let result = try await runner(sandbox).run(file: path, brand: brand)
            #expect(result.passed, "\(file): \(result.failure.map { "\($0)" } ?? "")")
        }
    }
}
