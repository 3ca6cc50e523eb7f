import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

/// Random journeys through one brand, each checked three ways: by the
/// invariants after every step, against itself with its waits cut at other
/// points, and (given a server) against the same journey over the wire. A
/// failing journey is shrunk to a short one that still fails the same way.
@MainActor
struct Explorer {
    /// The brand's id.
    let brand: String
    /// Runs journeys on embedded services.
    let runner: ScenarioRunner
    /// Runs the same journeys against a server, when one is given.
    let backend: ScenarioRunner?
    /// The most moves one journey draws.
    let maxSteps: Int
    let vocabulary: Vocabulary
    let chooser: MoveChooser
    let probes: SnapshotProbes
    /// The most journeys one shrink replays, and the most moves they may take in all: a budget of work,
    /// never of wall-clock time, so a shrink ends in the same journey on any machine, however loaded.
    var shrinkBudget = (runs: 400, moves: 12_000)

    /// Whether journeys also send intents no person could make, for the engine to ignore.
    let reachesBeyond: Bool

    /// An explorer of `brand` (as a person typed it) on `runner`'s brands; `reachesBeyond`, drawing intents
    /// no person could make too.
    /// - Throws: ``ScenarioInputError`` for an unknown brand or a definition that does not load.
    init(
        brand: String, runner: ScenarioRunner, backend: ScenarioRunner? = nil, maxSteps: Int,
        reachesBeyond: Bool = false
    ) throws(ScenarioInputError) {
        let configuration: BrandConfiguration
        do {
            configuration = try runner.composition.configuration(of: brand)
        } catch {
            throw ScenarioInputError(file: brand, line: 0, message: "\(error)")
        }
        self.brand = configuration.id.rawValue
        self.runner = runner
        self.backend = backend
        self.maxSteps = maxSteps
        vocabulary = Vocabulary(configuration)
        let market = configuration.market
        let addresses = ((try? EmbeddedAddressLookupService.bundled().adding(market.addresses))?.addresses ?? [])
            .filter { $0.marketCode == market.code }
        chooser = MoveChooser(
            vocabulary: vocabulary,
            values: FieldValues(market: market, today: EmbeddedWorld.defaultToday, addresses: addresses),
            reachesBeyond: reachesBeyond)
        self.reachesBeyond = reachesBeyond
        probes = SnapshotProbes(vocabulary: vocabulary)
    }

    // MARK: Running one journey

    /// How set on finishing the people of drawn journeys are: the chance each move is the one that carries
    /// the journey forward. Some wander, most get to the end with detours.
    static let diligences = [0.3, 0.6, 0.75, 0.9]

    /// Where a run's moves come from.
    enum Source {
        /// Drawn one at a time from what the screen offers, by a generator with this seed.
        case drawn(seed: UInt64)
        /// These, in order; one the screen does not offer when its turn comes is left out.
        case replay([Move])
    }

    /// One journey as it ran: the moves carried out, what the engines showed after each, and the
    /// invariants the last one broke, if it broke any.
    struct Run {
        var moves: [Move] = []
        var snapshots: [[String]] = []
        var broken: [Mismatch] = []
        /// Why the runtime could not start, if it could not.
        var startFailure: String?
    }

    /// Runs one journey from `source` on `runner`.
    func run(_ source: Source, on runner: ScenarioRunner? = nil) async -> Run {
        var result = Run()
        let shell = Scenario(
            file: "(explore)", name: "explored journey", brand: brand, screen: nil, given: Given(), givenLine: nil,
            steps: [])
        var execution: Execution
        do {
            execution = try await (runner ?? self.runner).start(shell)
        } catch {
            result.startFailure = "\(error)"
            return result
        }
        execution.checkInvariants()
        if reachesBeyond { execution.reachBeyond() }
        var random = SeededGenerator(seed: 0)
        var queue: [Move] = []
        var diligence = 0.0
        switch source {
        case .drawn(let seed):
            random = SeededGenerator(seed: seed)
            diligence = Self.diligences.randomElement(using: &random)!
            // A third of the people meet failing or slow services from the start.
            if Int.random(in: 0..<3, using: &random) == 0 {
                queue = [.faults(MoveChooser.faultPlans.dropFirst().randomElement(using: &random)!)]
            }
        case .replay(let moves): queue = moves
        }
        let drawing = if case .drawn = source { true } else { false }
        var turn = 0
        let limit = drawing ? maxSteps : queue.count
        journey: while result.moves.count < limit, turn < limit * 4 {
            let move: Move
            if turn < queue.count {
                move = queue[turn]
            } else if drawing {
                // A person who has signed up and left the form is done.
                if execution.joinState.createdClient != nil, execution.joinState.route == nil { break journey }
                move = chooser.next(
                    join: execution.joinState, appBar: execution.appBar.state, diligence: diligence, &random)
            } else {
                break journey
            }
            turn += 1
            let step = move.step(line: result.moves.count + 1, vocabulary: vocabulary)
            let outcome = await execution.perform(step)
            let broken = outcome.mismatches.filter { $0.check.hasPrefix("invariant ") }
            // Refused: not a move a person could make now.
            guard broken.count == outcome.mismatches.count, let observed = outcome.observed else { continue }
            result.moves.append(move)
            result.snapshots.append(probes.read(observed))
            if !broken.isEmpty {
                result.broken = broken
                break
            }
        }
        await execution.finish()
        return result
    }

    // MARK: Checking a journey

    /// How a journey failed.
    struct Failure: Sendable {
        /// The ways a journey is checked.
        enum Way: String, Sendable, Codable {
            /// An invariant broke.
            case invariant
            /// The journey saw something else with its waits cut at other points.
            case cutWaits = "with its waits cut elsewhere"
            /// The journey saw something else against the server.
            case backend = "against the server"
        }

        let way: Way
        /// The journey, up to and including the move after which it fails.
        var moves: [Move]
        /// What did not hold: the invariant, or each thing the other run saw differently (expected is what
        /// the other run saw).
        var mismatches: [Mismatch]
        /// For a difference: the probes that differ and what the other run read at them.
        var expectation: [(probe: Int, value: String)] = []
        /// For a difference between cut waits: the other run's moves.
        var otherMoves: [Move] = []
        /// Whether an invariant broke on the run against the server (and so is checked there again).
        var againstServer = false

        /// The name a failure is known by when shrinking: the invariant, or the way.
        var key: String {
            way == .invariant ? mismatches.map(\.check).sorted().first ?? "invariant" : way.rawValue
        }
    }

    /// Draws journey `seed` and checks it every way; its failure, if it fails.
    func check(seed: UInt64) async -> (failure: Failure?, moves: Int) {
        let drawn = await run(.drawn(seed: seed))
        if let startFailure = drawn.startFailure {
            return (
                Failure(
                    way: .invariant, moves: [],
                    mismatches: [Invariant.noCrashOrHang.broken(expected: "the runtime starts", actual: startFailure)]),
                0
            )
        }
        var generator = SeededGenerator(seed: seed ^ 0x5EED_0F_CA75)
        return (await failure(of: drawn, cuts: &generator), drawn.moves.count)
    }

    /// How `drawn` fails, checked every way, or `nil`.
    private func failure(of drawn: Run, cuts: inout SeededGenerator) async -> Failure? {
        if !drawn.broken.isEmpty {
            return Failure(way: .invariant, moves: drawn.moves, mismatches: drawn.broken)
        }
        if drawn.moves.contains(where: \.isWait) {
            let cut = Self.cuttingWaits(drawn.moves, &cuts)
            let other = await run(.replay(cut))
            if !other.broken.isEmpty { return Failure(way: .invariant, moves: other.moves, mismatches: other.broken) }
            if var difference = difference(drawn, other, way: .cutWaits) {
                difference.otherMoves = other.moves
                return difference
            }
        }
        if let backend {
            let other = await run(.replay(drawn.moves), on: backend)
            if let startFailure = other.startFailure {
                return Failure(
                    way: .backend, moves: [],
                    mismatches: [Mismatch(check: "server", expected: "a world for the journey", actual: startFailure)])
            }
            if !other.broken.isEmpty {
                var broken = Failure(way: .invariant, moves: other.moves, mismatches: other.broken)
                broken.againstServer = true
                return broken
            }
            return difference(drawn, other, way: .backend)
        }
        return nil
    }

    /// The first place the two runs of one journey show different things, where both have come to the
    /// same point (after each move other than a wait, and at the end of each run of waits). The failure
    /// holds `drawn`'s moves up to there; what it expects is what the run of `way` is checked against
    /// shows: the run with cut waits, or the embedded run when the other ran against the server.
    func difference(_ drawn: Run, _ other: Run, way: Failure.Way) -> Failure? {
        let mine = Self.checkpoints(drawn.moves)
        let theirs = Self.checkpoints(other.moves)
        for (index, otherIndex) in zip(mine, theirs) {
            let seen = drawn.snapshots[index]
            let otherSeen = other.snapshots[otherIndex]
            let differing = seen.indices.filter { seen[$0] != otherSeen[$0] }
            guard !differing.isEmpty else { continue }
            let (expected, actual) = way == .backend ? (seen, otherSeen) : (otherSeen, seen)
            return Failure(
                way: way, moves: Array(drawn.moves.prefix(index + 1)),
                mismatches: differing.map {
                    Mismatch(check: probes.label($0), expected: expected[$0], actual: actual[$0])
                },
                expectation: differing.map { ($0, expected[$0]) })
        }
        guard mine.count != theirs.count else { return nil }
        return Failure(
            way: way, moves: drawn.moves,
            mismatches: [
                Mismatch(
                    check: "moves carried out", expected: "\(mine.count) points to compare",
                    actual: "\(theirs.count) in the other run")
            ])
    }

    /// The indices of the moves after which two runs of one journey are compared: every move but a wait,
    /// and the last wait of each run of waits.
    static func checkpoints(_ moves: [Move]) -> [Int] {
        moves.indices.filter { index in
            !moves[index].isWait || index == moves.count - 1 || !moves[index + 1].isWait
        }
    }

    /// `moves` with each run of neighbouring waits made one span and cut again at random points.
    static func cuttingWaits(_ moves: [Move], _ generator: inout SeededGenerator) -> [Move] {
        var cut: [Move] = []
        var span: Duration?
        func close() {
            guard let total = span else { return }
            cut += WaitCuts.pieces(of: total, at: WaitCuts.points(in: total, count: 3, &generator)).map { .wait($0) }
            span = nil
        }
        for move in moves {
            guard case .wait(let duration) = move else {
                close()
                cut.append(move)
                continue
            }
            span = (span ?? .zero) + duration
        }
        close()
        return cut
    }
}
