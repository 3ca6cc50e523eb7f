import Foundation

/// A failing journey as the explorer hands it back: which journey, how it
/// failed, and the scenario file that reproduces it. One JSON line when a
/// worker process reports it.
struct FoundJourney: Codable, Sendable {
    /// The journey's number in the run, from 0, and the run's seed.
    let journey: Int
    let seed: UInt64
    /// How it failed: `invariant`, `waits cut differently` or `against the server`.
    let way: String
    /// The invariant's label or the way: what the shrinker kept failing.
    let key: String
    /// Moves before and after shrinking.
    let drawnSteps: Int
    let shrunkSteps: Int
    /// The failing step as the file writes it, and its line in the file.
    let step: String
    let line: Int
    /// What did not hold, expected against got.
    let mismatches: [Mismatch]
    /// The scenario file.
    let file: String
    /// Whether the file, run again, fails the same way.
    var reproduces: Bool
    /// Whether it fails against the server (a difference there, or an invariant broken on its run).
    var againstServer = false

    /// The file's name: the brand, what broke, the seed and the journey.
    func fileName(brand: String) -> String {
        let slug = key.replacingOccurrences(of: "invariant ", with: "").map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return "\(brand)-\(String(slug))-seed\(seed)-journey\(journey).yaml"
    }

    /// The scenario file of `failure`, a failing journey of `brand`: its moves as steps, with
    /// `invariants: true`, and for a difference an `expect:` step holding what the other run saw.
    @MainActor
    static func writing(
        _ failure: Explorer.Failure, drawnSteps: Int, brand: String, seed: UInt64, journey: Int, probes: SnapshotProbes,
        reachesBeyond: Bool = false
    ) -> FoundJourney {
        let what: String
        switch failure.way {
        case .invariant: what = failure.key.replacingOccurrences(of: "invariant ", with: "invariant '") + "' broken"
        case .cutWaits: what = "a different view with the waits cut at other points"
        case .backend: what = "a different view against the server"
        }
        var lines = [
            "scenario: " + YAMLText.quoted("Found by livery explore: \(what) (seed \(seed), journey \(journey))"),
            "brand: \(brand)",
            "description: " + YAMLText.quoted(description(of: failure, drawnSteps: drawnSteps, seed: seed)),
            "invariants: true",
        ]
        if reachesBeyond { lines.append("beyondReach: true") }
        lines += [
            "steps:"
        ]
        var stepLine = 0
        for move in failure.moves {
            stepLine = lines.count + 1
            lines.append("  " + move.yaml)
        }
        if !failure.expectation.isEmpty {
            stepLine = lines.count + 1
            lines += probes.expectStep(failure.expectation)
        }
        let failing = failure.moves.last.map { String($0.yaml.dropFirst(2)) } ?? "start"
        return FoundJourney(
            journey: journey, seed: seed, way: failure.way.rawValue, key: failure.key, drawnSteps: drawnSteps,
            shrunkSteps: failure.moves.count, step: failing, line: stepLine, mismatches: failure.mismatches,
            file: lines.joined(separator: "\n") + "\n", reproduces: false,
            againstServer: failure.againstServer || failure.way == .backend)
    }

    private static func description(of failure: Explorer.Failure, drawnSteps: Int, seed: UInt64) -> String {
        let origin =
            "Drawn by `livery explore` with --seed \(seed) (\(drawnSteps) steps), shrunk to \(failure.moves.count)."
        switch failure.way {
        case .invariant:
            return origin + " Every step checks the explorer's invariants; the last one breaks \(failure.key)."
        case .cutWaits:
            let waits = failure.otherMoves.filter(\.isWait).map { String($0.yaml.dropFirst(2)) }.joined(separator: ", ")
            return origin
                + " With the same time passing in other waits (\(waits)) the journey shows what the expect step holds; with the waits as written here it does not."
        case .backend:
            return origin
                + " The expect step holds what the journey shows on embedded services; run it with --backend against the server that showed otherwise."
        }
    }
}
