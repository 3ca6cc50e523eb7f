import Foundation
import LiveryComposition
import LiveryScenarios
import Testing
import NedsBrand

/// Runs every scenario file of Neds (Tests/Scenarios/neds) through the
/// same runner as `livery run neds`, one test per file.
@Suite("Neds: scenario files")
struct NedsScenarioTests {
    static let files = ScenarioLibrary.files(for: "neds").map { URL(fileURLWithPath: $0).lastPathComponent }

    @Test("the brand has its scenarios: sign-up, failed continue, alert, taken username, app bar and its own")
    func present() {
        #expect(Self.files.count >= 6, "found \(Self.files)")
    }

    @Test("scenario passes", arguments: files)
    func scenario(_ file: String) async throws {
        let runner = ScenarioRunner(composition: try Composition([NedsBrand()]))
        let path = URL(fileURLWithPath: ScenarioLibrary.scenariosDirectory()).appendingPathComponent("neds/\(file)").path
        let result = try await runner.run(file: path, brand: "neds")
        #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
    }
}
