import LiveryScenarios
import Testing
import NedsBrand

/// Runs every scenario file of Neds (Tests/Scenarios/neds) through the
/// same runner as `livery run neds`, one test per file.
@Suite("Neds: scenario files")
struct NedsScenarioTests {
    static let files = ScenarioLibrary.fileNames(for: "neds")

    @Test("the brand has its scenarios: sign-up, failed continue, alert, taken username, app bar and its own")
    func present() {
        #expect(Self.files.count >= 6, "found \(Self.files)")
    }

    @Test("scenario passes", arguments: files)
    func scenario(_ file: String) async throws {
        let result = try await ScenarioRunner.runScenario(named: file, of: NedsBrand())
        #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
    }
}
