import ArgumentParser
import Foundation
import LiveryComposition
import LiveryCore
import ScenarioTesting
import Testing

@testable import LiveryScenarios

/// What `livery explore` could not see before: personal data in analytics, a
/// stored client that is not what the form showed, an answer shown on the
/// wrong value, and an engine that takes what no person could do. Each is
/// planted and found; and a report means what it says.
@Suite("The explorer sees personal data, lost fields, stale answers and the engine's own guards", .serialized)
@MainActor
final class ExplorerSeesMoreTests {
    private let composition: Composition
    private let folder: URL

    init() throws {
        composition = try Composition(packageBrands())
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-explore-\(UUID().uuidString)")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Explores `brand` with `planted`, saving into the test's folder: the exit status and the saved file's text.
    private func explore(
        _ planted: PlantedDefect?, in brand: String, journeys: Int, seed: UInt64 = 2026, beyondReach: Bool = false
    ) async throws -> (status: Int32, file: String?) {
        try? FileManager.default.removeItem(at: folder)
        var command = ExploreCommand(
            composition: composition, brand: brand, journeys: journeys, seed: seed, saveDirectory: folder.path,
            colour: false, reachesBeyond: beyondReach)
        command.planted = planted?.alteration
        let status = await command.run()
        let saved = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first { $0.hasSuffix(".yaml") }
        return (status, try saved.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) })
    }

    /// The saved file run as `livery run` runs it, with and without `planted`.
    private func rerun(_ file: String, of brand: String, planted: PlantedDefect) async throws -> (
        withDefect: ScenarioResult, without: ScenarioResult
    ) {
        let path = folder.appendingPathComponent("again.yaml").path
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        var plantedRunner = ScenarioRunner(composition: composition)
        plantedRunner.planted = planted.alteration
        let clean = ScenarioRunner(composition: composition)
        return (try await plantedRunner.run(file: path, brand: brand), try await clean.run(file: path, brand: brand))
    }

    @Test(
        "personal data tracked into analytics, a field dropped from create-client and a stale username answer are each found and saved as a file that fails on its invariant",
        arguments: [
            (PlantedDefect.personalDataInAnalytics, "invariant personal-data-to-allowed-sinks"),
            (.droppedRegistrationField("marketingConsent"), "invariant stored-is-what-was-shown"),
            (.staleUsernameAnswer, "invariant answers-belong-to-their-value"),
        ])
    func findsPlanted(_ planted: PlantedDefect, _ invariant: String) async throws {
        let (status, file) = try await explore(planted, in: "neds", journeys: 600)
        #expect(status == 1)
        let saved = try #require(file, "nothing saved")
        let (withDefect, without) = try await rerun(saved, of: "neds", planted: planted)
        #expect(withDefect.failure?.mismatches.map(\.check).contains(invariant) == true, "\(saved)")
        #expect(without.passed, "\(without.failure.map { "\($0)" } ?? "")")
    }

    @Test("a form that takes typing while it loads is found only when the explorer reaches beyond a person's reach")
    func findsTypingWhileLoading() async throws {
        let unseen = try await explore(.typingWhileLoading, in: "neds", journeys: 150, seed: 7)
        #expect(unseen.status == 0, "the runner's own rule never types while loading")
        let (status, file) = try await explore(
            .typingWhileLoading, in: "neds", journeys: 600, seed: 7, beyondReach: true)
        #expect(status == 1)
        let saved = try #require(file)
        #expect(saved.contains("beyondReach: true"))
        let (withDefect, without) = try await rerun(saved, of: "neds", planted: .typingWhileLoading)
        let checks = withDefect.failure?.mismatches.map(\.check) ?? []
        #expect(
            !Set(checks).isDisjoint(with: [
                "invariant engine-ignores-the-unreachable", "invariant inputs-wait-while-loading",
                "invariant typed-values-kept", "invariant stored-is-what-was-shown",
            ]), "\(saved)")
        #expect(without.passed, "\(without.failure.map { "\($0)" } ?? "")")
    }

    @Test(
        "shrinking shortens a wait to the shortest that still fails the same way: 20 s comes down to the 5 s a slow answer takes"
    )
    func shrinksWaits() async throws {
        var runner = ScenarioRunner(composition: composition)
        runner.planted = PlantedDefect.typingWhileLoading.alteration
        let explorer = try Explorer(brand: "neds", runner: runner, maxSteps: 40, reachesBeyond: true)
        let moves: [Move] = [
            .choose(.field("title"), "Mx"), .fill(.field("firstName"), "Alex"), .fill(.field("lastName"), "Citizen"),
            .fill(.field("dateOfBirth"), "01022000"), .fill(.field("email"), "alex@example.com"),
            .fill(.field("mobile"), "0412345678"), .tap("continue"), .searchAddress("12 Smith St"),
            .bare(.submitAddress), .selectAddress(1), .fill(.field("username"), "alex_c"),
            .fill(.field("password"), "Correct-Horse-9"), .depositLimit(.declined),
            .faults(["create-client=latency 5s"]), .tap("signUp"), .type(.field("username"), "later_name"),
            .wait(.seconds(20)),
        ]
        let drawn = await explorer.run(.replay(moves))
        let failure = Explorer.Failure(way: .invariant, moves: drawn.moves, mismatches: drawn.broken)
        #expect(failure.key == "invariant inputs-wait-while-loading", "\(drawn.broken)")
        let shrunk = await explorer.shrink(failure)
        let waits = shrunk.moves.compactMap { move -> Duration? in
            if case .wait(let duration) = move { duration } else { nil }
        }
        #expect(waits == [.seconds(5)], "\(shrunk.moves.map(\.yaml))")
    }

    // MARK: Reports

    @Test("a run that checks no journey fails: a shard with none of them, and a time limit of 0 is refused")
    func checkedNothingFails() async throws {
        let none = ExploreCommand(
            composition: composition, brand: "neds", journeys: 2, seed: 1, colour: false, shard: Shard("3/3"))
        #expect(none.journeyCount == 0)
        #expect(await none.run() == 1)
        let tiny = ExploreCommand(
            composition: composition, brand: "neds", journeys: 50, seed: 1, timeLimit: .nanoseconds(1), colour: false)
        let explored = await tiny.explore()
        #expect(explored.status == 0 && explored.journeys == 1, "the first journey is drawn whatever the time")
        for arguments in [["--time-limit", "0s"], ["--time-limit", "-5s"], ["--seed", "-1"], ["--journeys", "-3"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try ExploreOptions.parse(arguments) }
        }
        do {
            _ = try ExploreOptions.parse(["--seed", "-1"])
        } catch {
            #expect(ExploreOptions.message(for: error).contains("--seed must be a whole number"), "\(error)")
        }
        do {
            _ = try ExploreOptions.parse(["--shard", "2/4"])
        } catch {
            #expect(ExploreOptions.message(for: error).contains("--shard needs --seed"))
        }
    }

    @Test("shards of a fleet draw every journey once between them, and each journey is the one the whole run draws")
    func shardsSplitJourneys() {
        let whole = ExploreCommand(composition: composition, brand: "neds", journeys: 23, seed: 5)
        var drawn: [Int] = []
        for index in 1...4 {
            let shard = ExploreCommand(
                composition: composition, brand: "neds", journeys: 23, seed: 5, shard: Shard("\(index)/4"))
            for worker in 0..<3 { drawn += shard.journeyNumbers(share: (worker, 3)) }
            #expect(
                shard.journeyCount
                    == (0..<3).reduce(0) { $0 + Array(shard.journeyNumbers(share: ($1, 3))).count })
        }
        #expect(drawn.sorted() == Array(whole.journeyNumbers(share: (0, 1))))
    }

    @Test("every brand explored writes one JUnit report, a suite per brand, the failure with its file")
    func junitReport() {
        let explored = [
            BrandExploration(
                brand: "neds", status: 0, journeys: 10, steps: 300, seconds: 1.5, found: nil, problems: []),
            BrandExploration(
                brand: "tabnz", status: 1, journeys: 4, steps: 90, seconds: 0.5,
                found: FoundJourney(
                    journey: 3, seed: 9, way: "invariant", key: "invariant typed-values-kept", drawnSteps: 9,
                    shrunkSteps: 2, step: "wait: 5ms", line: 8,
                    mismatches: [Mismatch(check: "invariant typed-values-kept", expected: "a", actual: "b & <c>")],
                    file: "scenario: x\n", reproduces: true), problems: []),
        ]
        let xml = BrandExploration.junit(explored, name: "livery explore --every-brand", seed: 9)
        let suites = xml.components(separatedBy: "<testsuite ").dropFirst().map { String($0) }
        #expect(suites.count == 2)
        #expect(suites.first { $0.hasPrefix("name=\"tabnz\"") }?.contains("<failure ") == true)
        #expect(suites.first { $0.hasPrefix("name=\"neds\"") }?.contains("<failure ") == false)
        #expect(xml.contains("b &amp; &lt;c&gt;"))
    }

    @Test("with several workers the journey reported is the lowest-numbered failure, whichever worker answers first")
    func lowestFailureWins() async throws {
        func found(_ journey: Int) throws -> String {
            let line = FoundJourney(
                journey: journey, seed: 3, way: "invariant", key: "invariant typed-values-kept", drawnSteps: 4,
                shrunkSteps: 2, step: "wait: 5ms", line: 7, mismatches: [], file: "scenario: found \(journey)\n",
                reproduces: true)
            return String(decoding: try JSONEncoder().encode(WorkerLine(found: line)), as: UTF8.self)
        }
        // Worker 0 draws journeys 0, 2, 4…; worker 1 draws 1, 3, 5…. Worker 1 fails at 3 at once; worker 0
        // fails at 2 after two journeys. Whatever order the lines arrive in, journey 2 is the one reported.
        let script = """
            case "$2" in
            0/2) printf '%s\\n' '{"journeys":1,"steps":3}' '{"failing":2}' '{"journeys":2,"steps":6}' '\(try found(2))' ;;
            1/2) printf '%s\\n' '{"failing":3}' '{"journeys":2,"steps":5}' '\(try found(3))' ;;
            esac
            """
        for _ in 0..<5 {
            try? FileManager.default.removeItem(at: folder)
            let command = ExploreCommand(
                composition: composition, brand: "neds", journeys: 10, seed: 3, jobs: 2,
                saveDirectory: folder.path, colour: false, workerCommand: ["/bin/sh", "-c", script, "worker"])
            let explored = await command.explore()
            #expect(explored.status == 1)
            #expect(explored.found?.journey == 2)
        }
    }

    @Test(
        "a --save file that cannot be written names the system's reason; an unreachable server is said to be unreachable"
    )
    func clearFailures() async throws {
        #expect(ExploreCommand.write("x", to: "/proc/livery-explore-cannot") != nil)
        #expect(ExploreCommand.write("x", to: "/dev/full") == "No space left on device")
        let unreachable = await ExploreCommand(
            composition: composition, brand: "neds", seed: 1,
            backend: ScenarioBackend(baseURL: URL(string: "http://127.0.0.1:9")!), colour: false
        ).explore()
        #expect(unreachable.status == 2)
        #expect(unreachable.problems.first?.contains("did not answer") == true, "\(unreachable.problems)")
        #expect(unreachable.problems.first?.contains("refused") == false)
    }
}
