import Foundation
import LiveryComposition
import LiveryCore
import LiverySandbox
import LiveryTesting
import LiveryWire
import Testing

@testable import LiveryScenarios

@Suite("Every brand's scenarios against the sandbox server", .serialized)
struct ScenarioSuiteTests {
    /// A runner against `sandbox`, with the app's client as it ships (10 s per attempt, one retry):
    /// the run's clock keeps the server's time, so no real time is spent waiting.
    private func runner(_ sandbox: SandboxHarness) throws -> ScenarioRunner {
        ScenarioRunner(
            composition: try Composition(SandboxHarness.brands),
            backend: ScenarioBackend(baseURL: sandbox.baseURL))
    }

    /// What a transcript shows of a run, timings left out: each step and its outcome, and the failure's lines.
    private static func transcript(_ result: ScenarioResult) -> [String] {
        result.steps.map { "\($0.line) \($0.outcome) \($0.step)" }
            + (result.failure?.mismatches.map { "\($0.check): expected \($0.expected), got \($0.actual)" } ?? [])
    }

    @Test(
        "each brand's scenarios give the same transcript, step by step, in process and against the sandbox, each run in its own world; with their waits cut at random points, the same at every expect step",
        arguments: ["ladbrokes", "neds", "betcha", "tabnz"])
    func sameBothWays(brand: String) async throws {
        try await SandboxHarness.run { sandbox in
            let embedded = ScenarioRunner(composition: try Composition(SandboxHarness.brands))
            let served = try runner(sandbox)
            let files = ScenarioLibrary.files(for: brand)
            #expect(files.count >= 6)
            for (position, file) in files.enumerated() {
                let scenario = try embedded.load(file, brand: brand)
                let inProcess = await embedded.run(scenario)
                let overHTTP = try await served.run(file: file, brand: brand)
                #expect(overHTTP.passed, "\(file): \(overHTTP.failure.map { "\($0)" } ?? "")")
                #expect(Self.transcript(inProcess) == Self.transcript(overHTTP), "\(file)")
                #expect(inProcess.observations == overHTTP.observations, "\(file)")
                let seed = UInt64(position) &+ 0x5EED
                var generator = SeededGenerator(seed: seed)
                let resliced = await served.run(scenario.reslicingWaits(using: &generator))
                #expect(resliced.observations == inProcess.observations, "\(file), waits resliced with seed \(seed)")
            }
            #expect(try await sandbox.clientRows(where: "world <> ''") == 0, "every run's world is deleted after it")
        }
    }

    @Test(
        "every brand's scenarios, twice at once and eight files at a time, against one sandbox: all pass, each in its own world"
    )
    func twiceAtOnce() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try runner(sandbox)
            let runs = (0..<2).flatMap { _ in
                ["ladbrokes", "neds", "betcha", "tabnz"].flatMap { brand in
                    ScenarioLibrary.files(for: brand).map { (brand, $0) }
                }
            }
            let failures = await withTaskGroup(of: String?.self, returning: [String].self) { group in
                var failures: [String] = []
                for (position, run) in runs.enumerated() {
                    if position >= 8, let outcome = await group.next(), let outcome { failures.append(outcome) }
                    let brand = run.0
                    let file = run.1
                    group.addTask { await Self.problem(running: file, of: brand, with: runner) }
                }
                for await outcome in group { if let outcome { failures.append(outcome) } }
                return failures
            }
            #expect(runs.count >= 180)
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            #expect(try await sandbox.clientRows(where: "world <> ''") == 0)
        }
    }

    /// What went wrong running `file` of `brand`, or `nil` when it passed.
    @MainActor
    private static func problem(running file: String, of brand: String, with runner: ScenarioRunner) async -> String? {
        do {
            let result = try await runner.run(file: file, brand: brand)
            return result.passed ? nil : "\(result.failure.map { "\($0)" } ?? file)"
        } catch {
            return "\(file): \(error)"
        }
    }

    @Test("the same file runs again and again against one sandbox: every run has a world of its own")
    func sameDataEveryRun() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try runner(sandbox)
            let file = ScenarioLibrary.files(for: "neds").first { $0.hasSuffix("01-full-sign-up.yaml") }!
            for _ in 0..<3 {
                let result = try await runner.run(file: file, brand: "neds")
                #expect(result.passed, "\(result.failure.map { "\($0)" } ?? "")")
            }
        }
    }

    @Test(
        "the run's clock keeps the server's time: a day waited reaches its age check, a two-second answer arrives after two seconds"
    )
    func drivenTime() async throws {
        let path = SourceTree.url("Tests/LiverySandboxTests/Scenarios/neds-driven-time.yaml").path
        let embedded = try await ScenarioRunner(composition: try Composition(SandboxHarness.brands)).run(
            file: path, brand: "neds")
        #expect(embedded.passed, "\(embedded.failure.map { "\($0)" } ?? "")")
        try await SandboxHarness.run { sandbox in
            let started = ContinuousClock.now
            let served = try await runner(sandbox).run(file: path, brand: "neds")
            #expect(served.passed, "\(served.failure.map { "\($0)" } ?? "")")
            #expect(Self.transcript(embedded) == Self.transcript(served))
            #expect(
                ContinuousClock.now - started < .seconds(2), "a day and two seconds of the run's time cost no real time"
            )
        }
    }

    @Test(
        "a given: the server must hear of, against a sandbox that does not allow seeding, stops the run before anything runs (exit 2)"
    )
    func seedingRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-seed-\(UUID().uuidString)")
        let brandFolder = folder.appendingPathComponent("Tests/Scenarios/neds")
        try FileManager.default.createDirectory(at: brandFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario: needs the server\ngiven:\n  takenUsernames: [never_seeded]\nsteps:\n  - next\n"
            .write(to: brandFolder.appendingPathComponent("01-x.yaml"), atomically: true, encoding: .utf8)
        try await SandboxHarness.run(allowsSeeding: false) { sandbox in
            let status = await ScenarioCommand(
                composition: try Composition(SandboxHarness.brands), brand: "neds", json: true,
                colour: false, scenariosDirectory: folder.appendingPathComponent("Tests/Scenarios").path,
                backend: ScenarioBackend(baseURL: sandbox.baseURL)
            ).run()
            #expect(status == 2)
            let check = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "never_seeded"])
            #expect(try check.decoded(UsernameAvailability.self).available == true)
        }
    }

    @Test(
        "with injected faults the error scenarios show their alerts",
        arguments: [
            ("neds-username-check-fails.yaml", "neds", "check-username=500@1"),
            ("tabnz-sign-up-fails.yaml", "tabnz", "create-client=503@1"),
        ])
    func faults(file: String, brand: String, fault: String) async throws {
        let plan = try FaultPlan.parse(faults: [fault], latencies: [])
        try await SandboxHarness.run(faults: plan) { sandbox in
            let path = SourceTree.url("Tests/LiverySandboxTests/Scenarios/\(file)").path
            let result = try await runner(sandbox).run(file: path, brand: brand)
            #expect(result.passed, "\(file): \(result.failure.map { "\($0)" } ?? "")")
        }
    }
}
