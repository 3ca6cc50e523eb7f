/// The known name closest to a misspelt one, for "did you mean" hints in
/// every error that names an unknown key, rule, field, brand or step.
public enum NameSuggestion {
    /// The candidate with the smallest edit distance to `name` (ignoring
    /// case), when it is close enough to be what was meant: within two edits,
    /// or a third of the shorter name's length for long names.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        // Nobody misspells a name into hundreds of characters; such text gets no suggestion (and costs nothing).
        guard name.utf8.count <= 256 else { return nil }
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            let allowed = allowedDistance(target.count, other.count)
            // The distance is at least the difference in length: skip what cannot be close.
            guard abs(target.count - other.count) <= allowed else { continue }
            let distance = editDistance(target, other)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// How many edits still count as a misspelling: two, or a third of the shorter name for long names.
    private static func allowedDistance(_ first: Int, _ second: Int) -> Int {
        max(2, min(first, second) / 3)
    }

    /// ` (did you mean 'x'?)` for the closest of `candidates`, or a list of
    /// the candidates when there are few and none is close; empty otherwise.
    public static func hint(for name: String, in candidates: [String]) -> String {
        if let closest = closest(to: name, in: candidates) { return " (did you mean '\(closest)'?)" }
        if !candidates.isEmpty, candidates.count <= 12 {
            return " (known: \(candidates.joined(separator: ", ")))"
        }
        return ""
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
