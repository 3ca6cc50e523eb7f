import Foundation
import Testing
import LiveryComposition
import LiveryCore
import LiverySandbox
import LiveryScenarios

@Suite("Every brand's scenarios against the sandbox server", .serialized)
struct ScenarioSuiteTests {
    private func runner(_ sandbox: SandboxHarness) throws -> ScenarioRunner {
        ScenarioRunner(composition: try Composition(SandboxHarness.brands),
                       backend: HTTPServiceConfiguration(baseURL: sandbox.server.baseURL))
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
