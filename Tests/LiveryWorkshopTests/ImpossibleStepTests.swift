import Foundation
import LiveryComposition
import LiveryScenarios
import Testing

/// A scenario can do only what a person can: in every brand, a step on an
/// input of a page not shown fails at its line, saying what the page shows.
@Suite("Steps a person cannot take, in every brand")
struct ImpossibleStepTests {
    @Test(
        "typing a username while page one is shown fails at that step, listing page one's fields",
        arguments: packageBrandIDs)
    @MainActor
    func otherPage(_ brand: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("impossible-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("\(brand).yaml").path
        try "scenario: too soon\nsteps:\n  - tap: continue\n  - type: { username: too_soon }\n  - next\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await ScenarioRunner(composition: Composition(packageBrands())).run(file: path, brand: brand)
        let failure = try #require(result.failure)
        #expect(failure.line == 4)
        #expect(
            failure.mismatches.first?.actual.hasPrefix(
                "'username' is not on the page shown: page details shows title, firstName") == true,
            "\(failure.mismatches)")
        #expect(result.steps.map(\.outcome) == [.passed, .failed, .skipped])
    }
}
