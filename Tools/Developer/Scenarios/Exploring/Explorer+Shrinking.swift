import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore

extension Explorer {
    /// A shorter journey that fails the same way as `failure`: fewer moves, shorter text, merged and
    /// shorter waits.
    func shrink(_ failure: Failure) async -> Failure {
        var best = failure
        var runs = 0
        var moves = 0
        func withinBudget() -> Bool { runs < shrinkBudget.runs && moves < shrinkBudget.moves }
        func attempt(_ candidate: [Move]) async -> Failure? {
            runs += 1
            // A difference replays the journey twice or more: count what a reproduction may run.
            moves += candidate.count * (failure.way == .invariant ? 1 : 2)
            return await reproduce(best, with: candidate)
        }
        var improved = true
        while improved, withinBudget() {
            improved = false
            var chunk = max(1, best.moves.count / 2)
            while chunk >= 1, withinBudget() {
                var start = 0
                while start < best.moves.count, withinBudget() {
                    var candidate = best.moves
                    candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                    if let smaller = await attempt(candidate), smaller.moves.count < best.moves.count {
                        best = smaller
                        improved = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            for index in best.moves.indices.reversed() where withinBudget() && index < best.moves.count {
                for simpler in Self.simpler(best.moves, at: index) {
                    if let smaller = await attempt(simpler) {
                        best = smaller
                        improved = true
                        break
                    }
                }
            }
        }
        return best
    }

    /// Simpler versions of the move at `index`: a wait merged into the one before it, shorter text.
    private static func simpler(_ moves: [Move], at index: Int) -> [[Move]] {
        var versions: [[Move]] = []
        func replaced(_ move: Move) -> [Move] {
            var copy = moves
            copy[index] = move
            return copy
        }
        switch moves[index] {
        case .wait(let duration):
            if index > 0, case .wait(let before) = moves[index - 1] {
                var merged = moves
                merged[index - 1] = .wait(before + duration)
                merged.remove(at: index)
                versions.append(merged)
            }
            versions += Self.shorter(duration).map { replaced(.wait($0)) }
        case .fill(let input, let text) where text.count > 1:
            versions += Self.shorter(text).map { replaced(.fill(input, $0)) }
        case .type(let input, let text) where text.count > 1:
            versions += Self.shorter(text).map { replaced(.type(input, $0)) }
        case .searchAddress(let text) where text.count > 1:
            versions += Self.shorter(text).map { replaced(.searchAddress($0)) }
        case .faults(let specs) where specs.count > 1:
            versions += specs.indices.map { drop in
                replaced(.faults(specs.enumerated().filter { $0.offset != drop }.map(\.element)))
            }
        default: break
        }
        return versions
    }

    private static func shorter(_ text: String) -> [String] {
        [String(text.prefix(text.count / 2)), String(text.dropLast())]
    }

    /// Shorter waits than `duration`, in whole milliseconds, largest cut first: a tenth, a half, three
    /// quarters, and a tenth of a second less (so 12 s comes down to the 800 ms that fails the same way).
    static func shorter(_ duration: Duration) -> [Duration] {
        let milliseconds = DurationText.wholeMilliseconds(duration)
        guard milliseconds > 1 else { return [] }
        let candidates = [milliseconds / 10, milliseconds / 2, milliseconds * 3 / 4, milliseconds - 100]
        var seen: Set<Int64> = []
        return candidates.filter { $0 >= 1 && $0 < milliseconds && seen.insert($0).inserted }.map {
            .milliseconds($0)
        }
    }

    /// The failure `moves` show, if it is the same as `failure`'s.
    private func reproduce(_ failure: Failure, with moves: [Move]) async -> Failure? {
        let drawn = await run(.replay(moves), on: failure.againstServer ? backend : nil)
        switch failure.way {
        case .invariant:
            guard drawn.broken.contains(where: { $0.check == failure.key }) else { return nil }
            var smaller = Failure(way: .invariant, moves: drawn.moves, mismatches: drawn.broken)
            smaller.againstServer = failure.againstServer
            return smaller
        case .cutWaits:
            guard drawn.broken.isEmpty, drawn.moves.contains(where: \.isWait) else { return nil }
            for seed in 0..<UInt64(4) {
                var generator = SeededGenerator(seed: seed &+ 0xC075)
                let cut = Self.cuttingWaits(drawn.moves, &generator)
                let other = await run(.replay(cut))
                if other.broken.isEmpty, var difference = difference(drawn, other, way: .cutWaits) {
                    difference.otherMoves = other.moves
                    return difference
                }
            }
            return nil
        case .backend:
            guard drawn.broken.isEmpty, let backend else { return nil }
            let other = await run(.replay(drawn.moves), on: backend)
            guard other.startFailure == nil, other.broken.isEmpty else { return nil }
            return difference(drawn, other, way: .backend)
        }
    }
}
