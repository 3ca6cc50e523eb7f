import Foundation
import LiveryComposition
import NedsBrand
import Testing

@testable import LiveryScenarios

/// Files run side by side, shards that split a brand's files, and the JUnit
/// report CI systems read.
@Suite("Scenario runs: jobs, shards and JUnit", .timeLimit(.minutes(5)))
struct ScenarioJobsTests {
    private static let files = ScenarioLibrary.files(for: "neds")

    @Test(
        "the N shards of a brand's files run every file exactly once, and a file keeps its shard when others are added")
    func shards() throws {
        #expect(Self.files.count >= 20)
        for count in 1...6 {
            let shards = (1...count).map { Shard("\($0)/\(count)")! }
            let assigned = Self.files.map { file in shards.filter { $0.contains(file) }.count }
            #expect(assigned.allSatisfy { $0 == 1 }, "\(count) shards")
        }
        let shard = try #require(Shard("2/3"))
        #expect(shard.contains("/a/b/04-taken-username.yaml") == shard.contains("/elsewhere/04-taken-username.yaml"))
        for bad in ["3/2", "0/4", "1/0", "a/b", "1/1001", "1/2/3", "-1/2", " 1/2", "1/", "١/٢"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
    }

    /// Workers in this process, finishing their files in reverse order, as a slow first file would.
    struct ReversedWorkers: ScenarioWorkers {
        let runner: ScenarioRunner

        func run(_ indices: [Int], of paths: [String]) -> AsyncThrowingStream<WorkerReport, any Error> {
            AsyncThrowingStream { continuation in
                Task { @MainActor in
                    var reports: [WorkerReport] = []
                    for index in indices {
                        let result = try await runner.run(file: paths[index], brand: "neds")
                        // Through the line a worker prints, as the parent reads it.
                        let line = WorkerReport(index: index, result: result).line
                        reports.append(try JSONDecoder().decode(WorkerReport.self, from: Data(line.utf8)))
                    }
                    for report in reports.reversed() { continuation.yield(report) }
                    continuation.finish()
                }
            }
        }
    }

    @Test(
        "with jobs, results come back in any order and are shown whole, in name order; coverage merges what each file reached"
    )
    @MainActor
    func jobsKeepOrder() async throws {
        let composition = try Composition([NedsBrand.load()])
        var single = ScenarioCommand(composition: composition, brand: "neds", json: true, coverage: true)
        var command = ScenarioCommand(composition: composition, brand: "neds", json: true, coverage: true, jobs: 3)
        command.workers = ReversedWorkers(runner: ScenarioRunner(composition: composition))
        let paths = Self.files
        var shown: [String] = []
        let results = await command.runAll(
            try paths.map { try ScenarioRunner(composition: composition).load($0, brand: "neds") },
            runner: ScenarioRunner(composition: composition)
        ) { shown.append($0.file) }
        #expect(shown == paths)
        #expect(results.map(\.file) == paths && results.allSatisfy(\.passed))
        single.workers = nil
        let alone = await single.runAll(
            try paths.map { try ScenarioRunner(composition: composition).load($0, brand: "neds") },
            runner: ScenarioRunner(composition: composition)
        ) { _ in }
        let merged = command.journeyCoverage(of: "neds", results)
        #expect(merged?.lines == single.journeyCoverage(of: "neds", alone)?.lines)
    }

    /// Workers that stop after their first file.
    struct StoppingWorkers: ScenarioWorkers {
        func run(_ indices: [Int], of paths: [String]) -> AsyncThrowingStream<WorkerReport, any Error> {
            AsyncThrowingStream { continuation in
                continuation.finish(throwing: ProcessWorkers.Stopped(description: "a worker stopped with signal 9"))
            }
        }
    }

    @Test("a worker that dies fails the files it did not report, saying so, rather than passing them")
    @MainActor
    func workerStops() async throws {
        let composition = try Composition([NedsBrand.load()])
        var command = ScenarioCommand(composition: composition, brand: "neds", json: true, jobs: 2)
        command.workers = StoppingWorkers()
        let scenarios = try Self.files.prefix(3).map {
            try ScenarioRunner(composition: composition).load($0, brand: "neds")
        }
        let results = await command.runAll(scenarios, runner: ScenarioRunner(composition: composition)) { _ in }
        #expect(results.count == 3 && results.allSatisfy { !$0.passed })
        #expect(results.first?.failure?.mismatches.first?.actual == "a worker stopped with signal 9")
    }

    @Test(
        "the JUnit report has a test case per file, a failure with file:line and expected/got, escapes any text, and is refused for a missing folder"
    )
    @MainActor
    func junit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = folder.appendingPathComponent("99-fails.yaml").path
        let text =
            #"scenario: "A <failing> & \"quoted\" one\u0001""#
            + "\nsteps:\n  - fill: { email: not-an-email }\n  - expect: { field: { email: valid } }\n"
        try text.write(toFile: failing, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.xml").path
        let composition = try Composition([NedsBrand.load()])
        let status = await ScenarioCommand(
            composition: composition, brand: "neds", files: [Self.files[0], failing], json: true,
            junit: report
        ).run()
        #expect(status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="livery run neds" tests="2" failures="1" errors="0""#))
        #expect(xml.contains(#"name="99-fails.yaml: A &lt;failing&gt; &amp; &quot;quoted&quot; one\u{1}""#))
        #expect(
            xml.contains(#"<failure message="\#(failing):4: expect field email status: valid" type="expectation">"#))
        #expect(xml.contains("field email status: expected valid, got invalid [email.format]</failure>"))
        #expect(
            await ScenarioCommand(composition: composition, brand: "neds", json: true, junit: "/no/such/folder/r.xml")
                .run() == 2)
    }
}
