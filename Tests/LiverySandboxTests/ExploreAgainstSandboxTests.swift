import Foundation
import LiveryComposition
import LiveryCore
import ScenarioTesting
import Testing

@testable import LiveryScenarios

/// `livery explore --backend`: every journey runs again against a sandbox
/// and each step must show what it showed in process.
@Suite("Exploring against the sandbox", .serialized)
@MainActor
struct ExploreAgainstSandboxTests {
    @Test("journeys of every brand show the same step by step in process and against the sandbox, every invariant held")
    func sameBothWays() async throws {
        try await SandboxHarness.run { sandbox in
            for brand in packageBrandIDs {
                let command = ExploreCommand(
                    composition: try Composition(SandboxHarness.brands), brand: brand, journeys: 6, seed: 44,
                    backend: ScenarioBackend(baseURL: sandbox.baseURL), colour: false)
                #expect(await command.run() == 0, "\(brand)")
            }
            #expect(
                try await sandbox.clientRows(where: "world <> ''") == 0, "every journey's world is deleted after it")
        }
    }

    @Test(
        "a wire mapping that drops the postcode is found against the sandbox and saved as a file that fails there alone"
    )
    func findsDroppedField() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "livery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SandboxHarness.run { sandbox in
            let composition = try Composition(SandboxHarness.brands)
            let server = ScenarioBackend(baseURL: sandbox.baseURL)
            var command = ExploreCommand(
                composition: composition, brand: "neds", journeys: 40, seed: 7, saveDirectory: folder.path,
                backend: server, colour: false)
            command.plantedOnServer = PlantedDefect.droppedPostcode.alteration
            #expect(await command.run() == 1)
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
            #expect(name.contains("against-the-server"))
            let path = folder.appendingPathComponent(name).path
            var planted = ScenarioRunner(composition: composition, backend: server)
            planted.planted = PlantedDefect.droppedPostcode.alteration
            let overWire = try await planted.run(file: path, brand: "neds")
            #expect(overWire.failure != nil, "the file fails against the server with the defect")
            let inProcess = try await ScenarioRunner(composition: composition).run(file: path, brand: "neds")
            #expect(inProcess.passed, "\(inProcess.failure.map { "\($0)" } ?? "")")
            let clean = try await ScenarioRunner(composition: composition, backend: server).run(
                file: path, brand: "neds")
            #expect(clean.passed, "\(clean.failure.map { "\($0)" } ?? "")")
        }
    }

    @Test(
        "an app that leaves a field out of create-client is found against the sandbox: what the server stored is not what was shown"
    )
    func findsFieldLostOnTheWire() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "livery-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SandboxHarness.run { sandbox in
            var command = ExploreCommand(
                composition: try Composition(SandboxHarness.brands), brand: "neds", journeys: 60, seed: 7,
                saveDirectory: folder.path, backend: ScenarioBackend(baseURL: sandbox.baseURL), colour: false)
            command.plantedOnServer = PlantedDefect.droppedRegistrationField("marketingConsent").alteration
            let explored = await command.explore()
            #expect(explored.status == 1)
            #expect(explored.found?.key == "invariant stored-is-what-was-shown", "\(explored.found?.file ?? "")")
            #expect(
                explored.found?.againstServer == true && explored.found?.reproduces == true, "found there, again there")
        }
    }
}
