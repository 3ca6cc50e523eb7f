import Foundation
import LiveryComposition
import LiveryScenarios
import Testing

/// Every whole scenario shown in the markdown (a YAML block that starts with `scenario:` and names its brand) reads
/// and passes on the embedded backend, as `livery run` would run it.
@Suite("Documentation scenarios", .timeLimit(.minutes(5)))
struct ScenarioSampleTests {
    @Test("every whole scenario in the markdown passes for its brand")
    @MainActor
    func scenariosPass() async throws {
        let runner = ScenarioRunner(composition: try Composition(packageBrands()))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var ran = 0
        for document in try MarkdownDocument.all() {
            for fence in document.fences
            where fence.language == "yaml" && fence.body.first?.hasPrefix("scenario:") == true {
                let place = "\(document.path):\(fence.line)"
                let brand = try #require(
                    fence.body.lazy.compactMap { $0.wholeMatch(of: /brand:\s*([A-Za-z0-9_-]+)\s*(#.*)?/)?.1 }.first
                        .map(String.init),
                    "\(place): a whole scenario names its brand")
                let path = folder.appendingPathComponent("Tests/Scenarios/\(brand)/sample-\(ran).yaml")
                try FileManager.default.createDirectory(
                    at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(fence.body.joined(separator: "\n").utf8).write(to: path)
                let scenario = try runner.load(path.path, brand: brand)
                let result = await runner.run(scenario)
                #expect(result.passed, "\(place): \(String(describing: result.failure))")
                ran += 1
            }
        }
        #expect(ran > 0, "the markdown shows no whole scenario: the README's example is gone")
    }
}
