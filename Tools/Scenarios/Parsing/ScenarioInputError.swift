/// A scenario file that cannot be run as written: unreadable, malformed
/// YAML, an unknown step, id or value. It names the file and line and, for a
/// misspelt name, the closest known one.
public struct ScenarioInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given or found.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// What is wrong, with a suggestion when there is one.
    public let message: String

    /// An error at `file:line`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}

/// Finds the known name closest to a misspelt one, for "did you mean" hints.
enum Suggestion {
    /// ` (did you mean 'x'?)` for the closest of `candidates`, or a list of
    /// the candidates when there are few and none is close; empty otherwise.
    static func hint(for name: String, in candidates: [String]) -> String {
        if let closest = closest(to: name, in: candidates) { return " (did you mean '\(closest)'?)" }
        if !candidates.isEmpty, candidates.count <= 12 {
            return " (known: \(candidates.joined(separator: ", ")))"
        }
        return ""
    }

    /// The candidate with the smallest edit distance (ignoring case), if it is close enough.
    static func closest(to name: String, in candidates: [String]) -> String? {
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
