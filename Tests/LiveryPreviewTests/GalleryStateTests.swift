import Foundation
import LiveryComposition
import LiveryScenarios
import LiveryTesting
import Testing

@testable import LiveryPreview

@Suite("The gallery's states: every screen a brand's scenario files reach, each drawn once")
@MainActor
struct GalleryStateTests {
    private let runner: ScenarioRunner

    init() throws {
        runner = ScenarioRunner(composition: try Composition(packageBrands()))
    }

    @Test(
        "each state is a screen no other state of the brand shows, named by the first file, line and step to reach it",
        arguments: ["neds", "tabnz"])
    func distinctNamedStates(_ brand: String) async throws {
        let files = ScenarioLibrary.files(for: brand)
        #expect(files.count > 10)
        let states = try await GalleryState.collect(brand: brand, files: files, runner: runner)
        var played: [String: [PlayedStep]] = [:]
        for file in files {
            let name = URL(fileURLWithPath: file).lastPathComponent
            _ = try await runner.play(runner.load(file, brand: brand), through: nil) { step, _ in
                played[name, default: []].append(step)
            }
        }
        let steps = played.values.map(\.count).reduce(0, +)
        #expect(states.count > 10 && states.count < steps, "\(states.count) states from \(steps) steps")
        for (index, state) in states.enumerated() {
            #expect(state.brand == brand)
            #expect(!states[..<index].contains { $0.screen.looksLike(state.screen) }, "\(state.place) is drawn twice")
            for place in [state.place] + state.alsoReachedAt {
                #expect(played[place.file]?.contains(place.step) == true, "\(place) is no step of its file")
            }
        }
        #expect(Set(states.map(\.page)).isSuperset(of: ["details"]), "\(Set(states.map(\.page)))")
    }

    @Test("a file played twice adds no state: its screens list the second file's places as reached again")
    func sameScreensOnce() async throws {
        let file = try #require(ScenarioLibrary.files(for: "neds").first)
        let once = try await GalleryState.collect(brand: "neds", files: [file], runner: runner)
        let twice = try await GalleryState.collect(brand: "neds", files: [file, file], runner: runner)
        #expect(twice.map(\.place) == once.map(\.place))
        #expect(twice.allSatisfy { $0.alsoReachedAt.count >= 1 })
    }

    @Test("a file that does not load, a step that fails and an unknown brand are errors naming where")
    func errorsNameThePlace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = folder.appendingPathComponent("failing.yaml")
        try Data(
            """
            scenario: a step that fails
            brand: neds
            steps:
              - expect:
                  page: address
            """.utf8
        ).write(to: failing)
        let broken = folder.appendingPathComponent("broken.yaml")
        try Data("name: [unclosed\n".utf8).write(to: broken)
        for (brand, file, said) in [
            ("neds", failing.path, "failing.yaml:5"), ("neds", broken.path, "broken.yaml"),
            ("nobody", failing.path, "nobody"),
        ] {
            await #expect {
                _ = try await GalleryState.collect(brand: brand, files: [file], runner: runner)
            } throws: { error in
                "\(error)".contains(said)
            }
        }
    }
}
