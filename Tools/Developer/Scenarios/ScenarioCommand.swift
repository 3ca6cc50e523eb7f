import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// Runs a brand's scenario files headlessly and prints a transcript: what
/// `livery run <brand>` and each brand's own executable do.
public struct ScenarioCommand: Sendable {
    /// The registered brands.
    public let composition: Composition
    /// The brand to run, as a person typed it.
    public let brand: String
    /// Scenario files to run; empty means every file of the brand.
    public let files: [String]
    /// Machine-readable JSON instead of the readable transcript.
    public let json: Bool
    /// Colour on (`true`), off (`false`), or as `Terminal` decides (`nil`: by `NO_COLOR` and whether output is a terminal).
    public let colour: Bool?
    /// Where the brands' scenario folders are; `nil` means `Tests/Scenarios` of this checkout.
    public let scenariosDirectory: String?
    /// The server to run against, or `nil` for embedded services.
    public let backend: ScenarioBackend?
    /// Whether to report journey coverage: what the scenarios reached of
    /// everything the brand's engines can produce.
    public let coverage: Bool
    /// How many files run side by side, each worker a process of the tool
    /// (see ``workerCommand``); 1 runs them one after another in this process.
    public let jobs: Int
    /// The share of the files to run, or `nil` for all.
    public let shard: Shard?
    /// Where to write a JUnit XML report, if anywhere.
    public let junit: String?
    /// How to start a worker: the tool's executable and the arguments that
    /// lead to this run (`nil`: no workers; every file runs in this process).
    public let workerCommand: [String]?
    /// Whether this process is a worker: it runs its files and prints one
    /// result per line for the process that started it, nothing else.
    public let isWorker: Bool
    /// The workers files run in (for tests: workers in this process).
    var workers: (any ScenarioWorkers)?

    /// A command.
    public init(
        composition: Composition, brand: String, files: [String] = [], json: Bool = false,
        colour: Bool? = nil, scenariosDirectory: String? = nil, backend: ScenarioBackend? = nil,
        coverage: Bool = false, jobs: Int = 1, shard: Shard? = nil, junit: String? = nil,
        workerCommand: [String]? = nil, isWorker: Bool = false
    ) {
        self.backend = backend
        self.coverage = coverage
        self.composition = composition
        self.brand = brand
        self.files = files
        self.json = json
        self.colour = colour
        self.scenariosDirectory = scenariosDirectory
        self.jobs = max(1, jobs)
        self.shard = shard
        self.junit = junit
        self.workerCommand = workerCommand
        self.isWorker = isWorker
        workers = workerCommand.map { ProcessWorkers(command: $0) }
    }

    /// Runs the scenarios; the exit status: 0 when every scenario passed, 1
    /// when one failed, 2 when the input was bad (unknown brand, unreadable
    /// or malformed file, a JUnit path that cannot be written).
    ///
    /// Every file is read and checked before any runs, so a typo anywhere
    /// stops the run with all the errors at once. With ``jobs`` above 1 the
    /// files run side by side; each file's transcript is printed whole, in
    /// name order, as soon as it and those before it are done.
    @MainActor
    public func run() async -> Int32 {
        let (status, suite) = await runSuite()
        guard let junit, let suite else { return status }
        do {
            try JUnitReport(name: "livery run \(suite.brand)", suites: [suite]).write(to: junit)
        } catch {
            ExitStatus.writeError("error: \(error)")
            return ExitStatus.badInput
        }
        return status
    }

    /// Runs the scenarios as ``run()`` does, but leaves the JUnit report to
    /// the caller: the exit status and, once the brand is known, its suite.
    @MainActor
    func runSuite() async -> (status: Int32, suite: JUnitReport.Suite?) {
        let started = ContinuousClock.now
        let transcript = Transcript(colour: Terminal(colour: colour).colour)
        let brandID: String
        do {
            brandID = try composition.registry.plugin(named: brand).manifest.id.rawValue
        } catch {
            ExitStatus.writeError("error: \(error)")
            return (ExitStatus.badInput, nil)
        }
        if let junit, let problem = JUnitReport.problem(with: junit) {
            ExitStatus.writeError("error: \(problem)")
            return (ExitStatus.badInput, nil)
        }
        let runner = ScenarioRunner(composition: composition, backend: backend)
        var paths = files.isEmpty ? ScenarioLibrary.files(for: brandID, root: scenariosDirectory) : files
        guard !paths.isEmpty else {
            let folder = ScenarioLibrary.scenariosDirectory(root: scenariosDirectory) + "/" + brandID
            report(
                errors: [ScenarioInputError(file: folder, line: 0, message: "no scenario files (*.yaml) found")],
                brand: brandID, transcript: transcript)
            return (ExitStatus.badInput, nil)
        }
        if let shard { paths = paths.filter(shard.contains) }
        let (scenarios, loadErrors) = Self.load(paths, brand: brandID, runner: runner)
        var errors = loadErrors
        if errors.isEmpty, !isWorker, let refused = await runner.checkSeeding(scenarios) { errors.append(refused) }
        guard errors.isEmpty else {
            report(errors: errors, brand: brandID, transcript: transcript)
            return (
                ExitStatus.badInput,
                JUnitReport.Suite(brand: brandID, results: [], errors: errors, elapsedMilliseconds: 0)
            )
        }
        if isWorker { return (await work(scenarios, runner: runner), nil) }
        if !json {
            print(transcript.heading(brand: brandID, count: scenarios.count) + (shard.map { " (shard \($0))" } ?? ""))
        }
        let results = await runAll(scenarios, runner: runner) { result in
            if !json {
                print(
                    transcript.lines(for: result, fileName: URL(fileURLWithPath: result.file).lastPathComponent).joined(
                        separator: "\n"))
            }
        }
        let elapsed = ScenarioRunner.milliseconds(ContinuousClock.now - started)
        summarise(results, brand: brandID, milliseconds: elapsed, transcript: transcript)
        return (
            results.allSatisfy(\.passed) ? ExitStatus.success : ExitStatus.failure,
            JUnitReport.Suite(brand: brandID, results: results, errors: [], elapsedMilliseconds: elapsed)
        )
    }

    /// The scenario files at `paths`, read with the brand's words; the ones that do not read, as errors.
    private static func load(
        _ paths: [String], brand: String, runner: ScenarioRunner
    ) -> (scenarios: [Scenario], errors: [ScenarioInputError]) {
        guard let first = paths.first else { return ([], []) }
        var scenarios: [Scenario] = []
        var errors: [ScenarioInputError] = []
        do {
            let vocabulary = try runner.vocabulary(for: brand, file: first)
            for path in paths {
                do {
                    scenarios.append(try runner.load(path, brand: brand, vocabulary: vocabulary))
                } catch {
                    errors.append(error)
                }
            }
        } catch {
            errors.append(error)
        }
        return (scenarios, errors)
    }

    /// The run's totals, and its journey coverage when asked for: as JSON, or as the transcript's last lines.
    private func summarise(
        _ results: [ScenarioResult], brand: String, milliseconds elapsed: Double, transcript: Transcript
    ) {
        let passed = results.count(where: \.passed)
        let measured = coverage ? journeyCoverage(of: brand, results) : nil
        if json {
            print(
                JSONReport(
                    brand: brand, scenarios: results, errors: [], passed: passed, failed: results.count - passed,
                    elapsedMilliseconds: elapsed, coverage: measured.map(JSONReport.Coverage.init)
                ).encoded())
        } else {
            print(transcript.summary(passed: passed, failed: results.count - passed, milliseconds: elapsed))
            if let measured { print(transcript.coverage(measured)) }
        }
    }

    /// Runs `scenarios` — here, one after another, or side by side in
    /// workers — handing each result to `show` in name order as soon as it
    /// and those before it are done; the results in that order.
    @MainActor
    func runAll(
        _ scenarios: [Scenario], runner: ScenarioRunner,
        show: (ScenarioResult) -> Void
    ) async -> [ScenarioResult] {
        let count = min(jobs, scenarios.count)
        guard count > 1, let workers else {
            var results: [ScenarioResult] = []
            for scenario in scenarios {
                let result = await runner.run(scenario)
                show(result)
                results.append(result)
            }
            return results
        }
        let paths = scenarios.map(\.file)
        var finished: [Int: ScenarioResult] = [:]
        var shown = 0
        let (reports, sink) = AsyncStream<(Int, ScenarioResult)>.makeStream()
        let feeds = (0..<count).map { worker in
            Task {
                let share = Array(stride(from: worker, to: paths.count, by: count))
                var reported: Set<Int> = []
                do {
                    for try await report in workers.run(share, of: paths) {
                        reported.insert(report.index)
                        sink.yield((report.index, report.fullResult))
                    }
                } catch {
                    for index in share where !reported.contains(index) {
                        sink.yield((index, Self.unfinished(scenarios[index], error)))
                    }
                    return
                }
                for index in share where !reported.contains(index) {
                    sink.yield(
                        (
                            index,
                            Self.unfinished(
                                scenarios[index], ProcessWorkers.Stopped(description: "the worker did not report it"))
                        ))
                }
            }
        }
        Task {
            for feed in feeds { await feed.value }
            sink.finish()
        }
        for await (index, result) in reports {
            finished[index] = result
            while let next = finished[shown] {
                show(next)
                shown += 1
            }
        }
        return (0..<scenarios.count).map {
            finished[$0] ?? Self.unfinished(scenarios[$0], ProcessWorkers.Stopped(description: "no worker ran it"))
        }
    }

    /// A worker's run: each file in turn, one ``WorkerReport`` line each.
    @MainActor
    private func work(_ scenarios: [Scenario], runner: ScenarioRunner) async -> Int32 {
        var failed = false
        for (index, scenario) in scenarios.enumerated() {
            let result = await runner.run(scenario)
            failed = failed || !result.passed
            print(WorkerReport(index: index, result: result).line)
            fflush(nil)
        }
        return failed ? 1 : 0
    }

    /// The result of a scenario its worker never finished.
    private static func unfinished(_ scenario: Scenario, _ error: any Error) -> ScenarioResult {
        let failure = ScenarioFailure(
            scenario: scenario.name, file: scenario.file, line: 1, step: "run",
            mismatches: [Mismatch(check: "worker", expected: "the scenario run", actual: "\(error)")])
        return ScenarioResult(
            name: scenario.name, file: scenario.file, steps: [], failure: failure, elapsedMilliseconds: 0)
    }

    /// What `results` reached of everything `brand`'s engines can produce.
    func journeyCoverage(of brand: String, _ results: [ScenarioResult]) -> JourneyCoverage? {
        guard let configuration = try? composition.configuration(of: brand) else { return nil }
        var reach = Reach()
        for result in results { reach.formUnion(result.reach) }
        return JourneyCoverage(brand: brand, universe: CoverageUniverse(configuration), reach: reach)
    }

    private func report(errors: [ScenarioInputError], brand: String, transcript: Transcript) {
        if json {
            let entries = errors.map { JSONReport.InputErrorEntry(file: $0.file, line: $0.line, message: $0.message) }
            print(
                JSONReport(
                    brand: brand, scenarios: [], errors: entries, passed: 0, failed: 0, elapsedMilliseconds: 0,
                    coverage: nil
                ).encoded())
        } else {
            let text = errors.map(transcript.error).joined(separator: "\n") + "\n"
            FileHandle.standardError.write(Data(text.utf8))  // each error made printable by the transcript
        }
    }
}
