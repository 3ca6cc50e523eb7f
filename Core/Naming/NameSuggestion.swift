/// The known name closest to a misspelt one, for "did you mean" hints in
/// every error that names an unknown key, rule, field, brand or step.
public enum NameSuggestion {
    /// The candidate with the smallest edit distance to `name` (ignoring
    /// case), when it is close enough to be what was meant: within two edits,
    /// or a third of the shorter name's length for long names.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(2, min(target.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
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
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
