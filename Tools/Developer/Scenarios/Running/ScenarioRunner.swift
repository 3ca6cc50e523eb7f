import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Loads scenario files for a brand and runs each on a fresh runtime of that
/// brand, assembled by the composition root (embedded services, or a server
/// when given a backend; a virtual clock either way). What
/// `livery run`, each brand's executable and each brand's tests share.
///
/// ```swift
/// let runner = ScenarioRunner(composition: try Composition([NedsBrand.load()]))
/// let scenario = try runner.load("Tests/Scenarios/neds/04-taken-username.yaml", brand: "neds")
/// let result = await runner.run(scenario)
/// #expect(result.passed, "\(result.failure!)")
/// ```
public struct ScenarioRunner: Sendable {
    /// The registered brands.
    public let composition: Composition
    /// The server scenarios run against, or `nil` for embedded services.
    public let backend: ScenarioBackend?
    /// A change made to every runtime the runner assembles: how tests plant the defects the explorer must find.
    package var planted: RuntimeAlteration?

    /// A runner over `composition`'s brands, against `backend` when given.
    public init(composition: Composition, backend: ScenarioBackend? = nil) {
        self.composition = composition
        self.backend = backend
    }

    /// Reads and checks the file at `path` against `brand`'s ids.
    /// - Throws: ``ScenarioInputError`` for an unreadable or malformed file,
    ///   an unknown step, id or value, or a file naming another brand.
    public func load(_ path: String, brand: String) throws(ScenarioInputError) -> Scenario {
        try load(path, brand: brand, vocabulary: try vocabulary(for: brand, file: path))
    }

    /// Runs `scenario` on a fresh runtime of its brand in a fresh
    /// `EmbeddedWorld` (or on the server, driven by that world); it stops at
    /// the first step that fails.
    @MainActor
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        let started = ContinuousClock.now
        var execution: Execution
        do {
            execution = try await start(scenario)
        } catch {
            let failure = ScenarioFailure(
                scenario: scenario.name, file: scenario.file, line: 1, step: "start",
                mismatches: [Mismatch(check: "runtime", expected: "assembled", actual: "\(error)")])
            return ScenarioResult(
                name: scenario.name, file: scenario.file, steps: [], failure: failure, elapsedMilliseconds: 0)
        }
        var results: [StepResult] = []
        var failure: ScenarioFailure?
        for step in scenario.steps {
            guard failure == nil else {
                results.append(StepResult(line: step.line, step: step.summary, outcome: .skipped))
                continue
            }
            let outcome = await execution.perform(step)
            let mismatches = outcome.mismatches
            results.append(
                StepResult(
                    line: step.line, step: step.summary, outcome: mismatches.isEmpty ? .passed : .failed,
                    seen: outcome.seen))
            if !mismatches.isEmpty {
                failure = ScenarioFailure(
                    scenario: scenario.name, file: scenario.file, line: step.line, step: step.summary,
                    mismatches: mismatches)
            }
        }
        await execution.finish()
        let elapsed = ContinuousClock.now - started
        return ScenarioResult(
            name: scenario.name, file: scenario.file, steps: results, failure: failure,
            elapsedMilliseconds: Self.milliseconds(elapsed), reach: execution.reached)
    }

    /// A fresh runtime of the scenario's brand in the world its `given:`
    /// describes, ready for its steps: on a server, a world of its own there.
    @MainActor
    func start(_ scenario: Scenario) async throws -> Execution {
        let world = scenario.given.world()
        var services: ServiceSet = .embedded(world)
        var server: Execution.ServerWorld?
        if let backend {
            let seeding = SandboxSeeding(backend: backend)
            let id = try await makeWorld(for: scenario, with: seeding)
            server = Execution.ServerWorld(seeding: seeding, id: id)
            services = .live(.server(backend.server, driving: world, worldID: id, session: backend.transport))
        }
        do {
            let assembled = try await composition.assemble(scenario.brand, on: services)
            var execution = try Execution(
                runtime: planted?.runtime(assembled.runtime, world) ?? assembled.runtime, world: world,
                screen: scenario.screen, vocabulary: try vocabulary(for: scenario.brand, file: scenario.file),
                given: scenario.given, server: server, startJourney: planted?.journey)
            if scenario.checksInvariants { execution.checkInvariants() }
            if scenario.reachesBeyond { execution.reachBeyond() }
            return execution
        } catch {
            if let server, let id = server.id { await server.seeding.deleteWorld(id) }
            throw error
        }
    }

    /// What a head shows after `scenario` has run up to and including the
    /// step that starts on `line` (every step when `nil`): the join form's
    /// and the app bar's states and the analytics sent. For pictures of a
    /// brand at a step; `afterEach` sees what is shown after every step on
    /// the way, with the step, while its world is as that step left it.
    /// - Throws: ``ScenarioPlaybackError`` when no step starts on `line`, the
    ///   runtime cannot be assembled, or a step on the way fails.
    @MainActor
    public func play(
        _ scenario: Scenario, through line: Int?,
        afterEach: (_ step: PlayedStep, _ shown: ScenarioPlayback) -> Void = { _, _ in }
    ) async throws(ScenarioPlaybackError) -> ScenarioPlayback {
        if let line, !scenario.steps.contains(where: { $0.line == line }) {
            let lines = scenario.steps.map { String($0.line) }.joined(separator: ", ")
            throw ScenarioPlaybackError(
                "\(scenario.file):\(line): no step starts on this line; steps start on lines \(lines)")
        }
        var execution: Execution
        do {
            execution = try await start(scenario)
        } catch {
            throw ScenarioPlaybackError("\(scenario.file): the runtime could not be assembled: \(error)")
        }
        for (index, step) in scenario.steps.enumerated() where line.map({ step.line <= $0 }) ?? true {
            let mismatches = await execution.perform(step).mismatches
            guard mismatches.isEmpty else {
                await execution.finish()
                throw ScenarioPlaybackError(
                    "\(scenario.file):\(step.line): \(step.summary) failed: "
                        + mismatches.map { "\($0.check): expected \($0.expected), got \($0.actual)" }.joined(
                            separator: "; "))
            }
            afterEach(
                PlayedStep(number: index + 1, line: step.line, summary: step.summary),
                ScenarioPlayback(join: execution.joinState, appBar: execution.appBar.state, world: execution.world))
        }
        await execution.finish()
        return ScenarioPlayback(join: execution.joinState, appBar: execution.appBar.state, world: execution.world)
    }

    /// A world on the server for `scenario`; `nil` (the default world, its
    /// time not driven) on a sandbox without seeding, which is fine for a
    /// scenario that needs nothing of the server.
    private func makeWorld(for scenario: Scenario, with seeding: SandboxSeeding) async throws(SandboxSeeding.Failure)
        -> String?
    {
        do {
            return try await seeding.createWorld(brand: scenario.brand, scenario.given)
        } catch .notAllowed(let address) {
            if scenario.needsServerWorld { throw .notAllowed(address) }
            return nil
        }
    }

    /// When `scenarios` run against a server and one of them needs a world
    /// of its own there, whether the server allows that; the error names the
    /// first such scenario's `given:`.
    func checkSeeding(_ scenarios: [Scenario]) async -> ScenarioInputError? {
        guard let backend, let first = scenarios.first(where: \.needsServerWorld) else { return nil }
        let seeding = SandboxSeeding(backend: backend)
        do {
            await seeding.deleteWorld(try await seeding.createWorld(brand: first.brand, first.given))
            return nil
        } catch {
            return ScenarioInputError(file: first.file, line: first.givenLine ?? 1, message: "\(error)")
        }
    }

    /// Loads `path` and runs it.
    /// - Throws: ``ScenarioInputError`` when the file cannot be run as written.
    @MainActor
    public func run(file path: String, brand: String) async throws(ScenarioInputError) -> ScenarioResult {
        await run(try load(path, brand: brand))
    }

    /// Runs the file `name` of `plugin`'s scenario folder on a runtime that
    /// registers only that brand: what each brand's test target does per file.
    /// - Throws: ``ScenarioInputError`` when the file cannot be run as written;
    ///   a registration error should the plugin be unusable.
    @MainActor
    public static func runScenario(named name: String, of plugin: any BrandPlugin) async throws -> ScenarioResult {
        let brand = plugin.manifest.id.rawValue
        let path = URL(fileURLWithPath: ScenarioLibrary.scenariosDirectory()).appendingPathComponent("\(brand)/\(name)")
            .path
        return try await ScenarioRunner(composition: Composition([plugin])).run(file: path, brand: brand)
    }

    // MARK: Loading

    func vocabulary(for brand: String, file: String) throws(ScenarioInputError) -> Vocabulary {
        do {
            return Vocabulary(try composition.configuration(of: brand))
        } catch {
            throw ScenarioInputError(file: file, line: 1, message: "\(error)")
        }
    }

    func load(_ path: String, brand: String, vocabulary: Vocabulary) throws(ScenarioInputError) -> Scenario {
        let text = try ScenarioFile.text(atPath: path)
        return try ScenarioParser(context: ParseContext(file: path, vocabulary: vocabulary)).parse(text, brand: brand)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}

/// The states after a scenario has run to a step (``ScenarioRunner/play(_:through:afterEach:)``).
public struct ScenarioPlayback: Sendable {
    /// The join form's state.
    public let join: JoinState
    /// The app bar's state.
    public let appBar: AppBarState
    /// The world the scenario ran in: session, betslip, flags, faults, analytics.
    public let world: EmbeddedWorld
}

/// A step a playback has taken: its place in the file and what it does.
public struct PlayedStep: Sendable, Hashable {
    /// Its position among the file's steps, from 1.
    public let number: Int
    /// The line it starts on.
    public let line: Int
    /// What it does, as a report names it (`type: email "a@b.co"`).
    public let summary: String
}

/// Why a scenario could not be played to a step.
public struct ScenarioPlaybackError: Error, CustomStringConvertible {
    /// What went wrong, with the file and line.
    public let description: String
    init(_ description: String) { self.description = description }
}
