import Foundation
import LiveryComposition
import LiveryCore
import Testing

@testable import LiveryScenarios

/// Time keeps every deadline however a scenario's waits are written: one
/// wait of twenty seconds, two of ten, or twenty of one, each expect step
/// sees the same.
@Suite("Waits cut anywhere give the same run")
struct WaitReslicingTests {
    @Test(
        "every shipped scenario, its waits merged and cut at random points, sees at every expect step what it sees as written",
        arguments: packageBrandIDs)
    @MainActor
    func embedded(_ brand: String) async throws {
        let runner = ScenarioRunner(composition: try Composition(packageBrands()))
        let files = ScenarioLibrary.files(for: brand)
        #expect(files.count >= 6)
        for (position, file) in files.enumerated() {
            let scenario = try runner.load(file, brand: brand)
            let written = await runner.run(scenario)
            #expect(written.passed, "\(written.failure.map { "\($0)" } ?? "")")
            for round in 0..<3 {
                let seed = UInt64(position * 16 + round) &+ 0x5EED
                var generator = SeededGenerator(seed: seed)
                let resliced = scenario.reslicingWaits(using: &generator)
                let run = await runner.run(resliced)
                #expect(
                    run.observations == written.observations,
                    "\(scenario.fileName), seed \(seed), waits \(Self.waits(of: resliced))")
            }
        }
    }

    @Test(
        "reslicing keeps every other step and the time between them, and can cut a wait into several or merge neighbours"
    )
    func reslicing() throws {
        let runner = ScenarioRunner(composition: try Composition(packageBrands()))
        let file = try #require(ScenarioLibrary.files(for: "neds").first { $0.hasSuffix("12-slow-create-client.yaml") })
        let scenario = try runner.load(file, brand: "neds")
        var cutSomewhere = false
        for seed in 0..<32 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let resliced = scenario.reslicingWaits(using: &generator)
            #expect(Self.others(of: resliced) == Self.others(of: scenario))
            #expect(Self.spans(of: resliced) == Self.spans(of: scenario))
            cutSomewhere = cutSomewhere || Self.waits(of: resliced).count > Self.waits(of: scenario).count
        }
        #expect(cutSomewhere)
        #expect(Self.spans(of: scenario) == [.seconds(10), .seconds(10), .seconds(2)])
    }

    /// The waits of `scenario`, in order.
    private static func waits(of scenario: Scenario) -> [Duration] {
        scenario.steps.compactMap { step in
            if case .action(.wait(let duration)) = step.kind { duration } else { nil }
        }
    }

    /// The time that passes between one other step and the next, for each run of waits.
    private static func spans(of scenario: Scenario) -> [Duration] {
        var spans: [Duration] = []
        var open = false
        for step in scenario.steps {
            if case .action(.wait(let duration)) = step.kind {
                if open { spans[spans.count - 1] += duration } else { spans.append(duration) }
                open = true
            } else {
                open = false
            }
        }
        return spans
    }

    /// Every step that is not a wait, as its line and summary.
    private static func others(of scenario: Scenario) -> [String] {
        scenario.steps.compactMap { step in
            if case .action(.wait) = step.kind { nil } else { "\(step.line) \(step.summary)" }
        }
    }
}
