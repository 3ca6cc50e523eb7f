import ArgumentParser
import Foundation
import LiveryComposition
import LiveryCore
import ScenarioTesting
import Testing

@testable import LiveryScenarios

/// `livery explore`: journeys drawn from what the screen offers, checked by
/// invariants and against themselves with their waits cut elsewhere; a
/// planted defect of each kind is found within a small budget and handed
/// back as a short scenario file that fails in `livery run` the same way.
@Suite("Exploring a brand's journeys at random", .serialized)
@MainActor
final class ExplorerTests {
    private let composition: Composition
    private let folder: URL

    init() throws {
        composition = try Composition(packageBrands())
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-explore-\(UUID().uuidString)")
    }

    /// The folder each test writes is removed with it.
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func explorer(_ brand: String, planted: PlantedDefect? = nil, maxSteps: Int = 40) throws -> Explorer {
        var runner = ScenarioRunner(composition: composition)
        runner.planted = planted?.alteration
        return try Explorer(brand: brand, runner: runner, maxSteps: maxSteps)
    }

    @Test("the same seed draws the same journey, move for move, and sees the same at every step")
    func sameSeedSameJourney() async throws {
        let explorer = try explorer("tabnz")
        for seed: UInt64 in [1, 2, 3] {
            let first = await explorer.run(.drawn(seed: seed))
            let second = await explorer.run(.drawn(seed: seed))
            #expect(!first.moves.isEmpty)
            #expect(first.moves == second.moves)
            #expect(first.snapshots == second.snapshots)
        }
        let other = await explorer.run(.drawn(seed: 4))
        #expect(other.moves != (await explorer.run(.drawn(seed: 1))).moves)
    }

    @Test(
        "every move drawn reads back from its YAML as the same step, for every brand: what a saved file says is what ran",
        arguments: packageBrandIDs)
    func movesReadBack(_ brand: String) async throws {
        let explorer = try explorer(brand)
        let reader = ScenarioReader(for: try composition.configuration(of: brand))
        for seed: UInt64 in 0..<8 {
            let moves = await explorer.run(.drawn(seed: seed)).moves
            let file = (["scenario: read back", "steps:"] + moves.map { "  " + $0.yaml }).joined(separator: "\n")
            let scenario = try reader.parse(file, file: "read-back.yaml")
            #expect(
                scenario.steps.map(\.summary)
                    == moves.enumerated().map {
                        $0.element.step(line: $0.offset, vocabulary: explorer.vocabulary).summary
                    })
        }
    }

    @Test("hostile text, quotes, controls and separators survive the trip through a YAML file")
    func hostileTextReadsBack() throws {
        let reader = ScenarioReader(for: try composition.configuration(of: "neds"))
        let texts =
            FieldValues.hostile + [
                "quote \" and \\ back", "line\nbreak", "bell\u{07}", "\u{2028}sep", "a\u{FEFF}b", "# not a comment",
                "- not a list", "key: value",
            ]
        for text in texts {
            let file = "scenario: text\nsteps:\n  " + Move.fill(.field("firstName"), text).yaml + "\n"
            let scenario = try reader.parse(file, file: "text.yaml")
            guard case .action(.fill(let pairs)) = scenario.steps[0].kind else {
                Issue.record("not a fill step")
                continue
            }
            #expect(pairs.first?.text == text)
        }
    }

    @Test(
        "the journeys drawn reach the end of each brand's sign-up, and go through alerts, faults and the address lookup"
    )
    func journeysReachFar() async throws {
        for brand in packageBrandIDs {
            let explorer = try explorer(brand)
            var signedUp = 0
            var alerts = 0
            var manual = 0
            for seed: UInt64 in 0..<60 {
                let run = await explorer.run(.drawn(seed: seed))
                if run.moves.contains(.tap("signUp")) || run.snapshots.contains(where: { $0.contains("signedUp") }) {
                    signedUp += 1
                }
                if run.moves.contains(where: { if case .alert = $0 { true } else { false } }) { alerts += 1 }
                if run.moves.contains(.bare(.enterAddressManually)) { manual += 1 }
            }
            #expect(signedUp >= 3, "\(brand): \(signedUp) of 60 journeys reached sign-up")
            #expect(alerts >= 3, "\(brand): \(alerts) of 60 journeys answered an alert")
            #expect(manual >= 1, "\(brand): \(manual) of 60 journeys entered an address by hand")
        }
    }

    @Test("every shipped scenario keeps every invariant after every action")
    func shippedScenariosKeepInvariants() async throws {
        let runner = ScenarioRunner(composition: composition)
        for brand in packageBrandIDs {
            for file in ScenarioLibrary.files(for: brand) {
                var scenario = try runner.load(file, brand: brand)
                scenario.checksInvariants = true
                let result = await runner.run(scenario)
                #expect(result.passed, "\(result.failure.map { "\($0)" } ?? "")")
            }
        }
    }

    // MARK: Planted defects

    /// Explores `brand` with `planted` in every runtime, saving into the test's folder; the saved file's path.
    private func find(_ planted: PlantedDefect, in brand: String, journeys: Int = 300, seed: UInt64 = 2026) async throws
        -> String
    {
        var command = ExploreCommand(
            composition: composition, brand: brand, journeys: journeys, seed: seed, saveDirectory: folder.path,
            colour: false)
        command.planted = planted.alteration
        #expect(await command.run() == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        return folder.appendingPathComponent(try #require(saved.first, "nothing saved")).path
    }

    /// Runs the saved file at `path` as `livery run` would, with and without the defect.
    private func rerun(_ path: String, of brand: String, planted: PlantedDefect) async throws -> (
        withDefect: ScenarioResult, without: ScenarioResult
    ) {
        var plantedRunner = ScenarioRunner(composition: composition)
        plantedRunner.planted = planted.alteration
        let clean = ScenarioRunner(composition: composition)
        return (try await plantedRunner.run(file: path, brand: brand), try await clean.run(file: path, brand: brand))
    }

    @Test(
        "a field that skips its rules is found, shrunk to a few steps, and saved as a file that fails on the invariant")
    func findsSkippedRule() async throws {
        let path = try await find(.skippedRule("email"), in: "neds")
        let (withDefect, without) = try await rerun(path, of: "neds", planted: .skippedRule("email"))
        let failure = try #require(withDefect.failure)
        #expect(failure.mismatches.map(\.check).contains("invariant valid-keeps-its-rules"))
        #expect(withDefect.steps.count <= 6, "shrunk to \(withDefect.steps.count) steps")
        #expect(without.passed, "\(without.failure.map { "\($0)" } ?? "")")
    }

    @Test("a create-client sent twice on a retry is found and saved as a file that fails on one client per person")
    func findsSecondCreateClient() async throws {
        let path = try await find(.secondCreateClientOnRetry, in: "ladbrokes", journeys: 2000)
        let (withDefect, without) = try await rerun(path, of: "ladbrokes", planted: .secondCreateClientOnRetry)
        let failure = try #require(withDefect.failure)
        #expect(failure.mismatches.map(\.check).contains("invariant one-client-per-person"))
        #expect(without.passed, "\(without.failure.map { "\($0)" } ?? "")")
    }

    @Test("a wait that jumps over the deadlines inside it is found by cutting the waits elsewhere, and saved")
    func findsDroppedDeadline() async throws {
        let path = try await find(.droppedDeadline, in: "betcha", journeys: 1000)
        let (withDefect, without) = try await rerun(path, of: "betcha", planted: .droppedDeadline)
        #expect(withDefect.failure != nil)
        #expect(without.passed, "\(without.failure.map { "\($0)" } ?? "")")
    }

    // MARK: Bad input

    @Test("an unknown brand, a bad seed, no journeys and an unreachable server are refused with exit 2, nothing run")
    func badInput() async throws {
        let unknown = await ExploreCommand(composition: composition, brand: "nedz", seed: 1, colour: false).run()
        #expect(unknown == 2)
        for arguments in [
            ["--seed", "abc"], ["--seed", "-1"], ["--journeys", "0"], ["--max-steps", "0"], ["--time-limit", "soon"],
            ["--backend", "ftp://x"], ["--jobs", "0"],
        ] {
            #expect(throws: (any Error).self, "\(arguments)") { try ExploreOptions.parse(arguments) }
        }
        #expect(try ExploreOptions.parse(["--seed", "18446744073709551615"]).seed == UInt64.max)
        let unreachable = await ExploreCommand(
            composition: composition, brand: "neds", seed: 1,
            backend: ScenarioBackend(baseURL: URL(string: "http://127.0.0.1:9")!), colour: false
        ).run()
        #expect(unreachable == 2)
        let unwritable = await ExploreCommand(
            composition: composition, brand: "neds", seed: 1, saveDirectory: "/proc/livery-explore", colour: false
        ).run()
        #expect(unwritable == 2)
    }
}
