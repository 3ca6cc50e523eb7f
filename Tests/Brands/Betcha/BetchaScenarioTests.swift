import LiveryScenarios
import Testing
import BetchaBrand

/// Runs every scenario file of Betcha (Tests/Scenarios/betcha) through the
/// same runner as `livery run betcha`, one test per file.
@Suite("Betcha: scenario files")
struct BetchaScenarioTests {
    static let files = ScenarioLibrary.fileNames(for: "betcha")

    @Test("the brand has its scenarios: sign-up, failed continue, alert, taken username, app bar and its own")
    func present() {
        #expect(Self.files.count >= 6, "found \(Self.files)")
    }

    @Test("scenario passes", arguments: files)
    func scenario(_ file: String) async throws {
        let result = try await ScenarioRunner.runScenario(named: file, of: BetchaBrand())
        #expect(result.passed, "\(result.failure.map { String(describing: $0) } ?? "")")
    }
}
