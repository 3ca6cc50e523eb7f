import LiveryScenarios
import Testing
import TabNZBrand

/// Runs every scenario file of TabNZ (Tests/Scenarios/tabnz) through the
/// same runner as `livery run tabnz`, one test per file.
@Suite("TabNZ: scenario files")
struct TabNZScenarioTests {
    static let files = ScenarioLibrary.fileNames(for: "tabnz")

    @Test("the brand has its scenarios: sign-up, failed continue, alert, taken username, app bar and its own")
    func present() {
        #expect(Self.files.count >= 6, "found \(Self.files)")
    }

    @Test("scenario passes", arguments: files)
    func scenario(_ file: String) async throws {
        let result = try await ScenarioRunner.runScenario(named: file, of: TabNZBrand())
        #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
    }
}
