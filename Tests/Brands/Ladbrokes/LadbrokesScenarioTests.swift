import LiveryScenarios
import Testing
import LadbrokesBrand

/// Runs every scenario file of Ladbrokes (Tests/Scenarios/ladbrokes) through the
/// same runner as `livery run ladbrokes`, one test per file.
@Suite("Ladbrokes: scenario files")
struct LadbrokesScenarioTests {
    static let files = ScenarioLibrary.fileNames(for: "ladbrokes")

    @Test("the brand has its scenarios: sign-up, failed continue, alert, taken username, app bar and its own")
    func present() {
        #expect(Self.files.count >= 6, "found \(Self.files)")
    }

    @Test("scenario passes", arguments: files)
    func scenario(_ file: String) async throws {
        let result = try await ScenarioRunner.runScenario(named: file, of: LadbrokesBrand())
        #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
    }
}
