import Testing

/// Two values of one type compared whole, and where they differ shown as
/// lines of their dumps (`-` expected, `+` actual, two lines of context), as
/// TCA's `TestStore` and swift-custom-dump show a state that is not the one
/// a test expects. For states: one assertion names every property that
/// differs, instead of a check per property that stops at the first.
public enum StateDifference {
    /// The lines where `actual` differs from `expected`, or `nil` when they are equal.
    public static func between<Value: Equatable>(expected: Value, actual: Value) -> String? {
        guard expected != actual else { return nil }
        var expectedDump = ""
        var actualDump = ""
        dump(expected, to: &expectedDump)
        dump(actual, to: &actualDump)
        let lines = diff(
            expectedDump.split(separator: "\n").map(String.init), actualDump.split(separator: "\n").map(String.init))
        return lines.isEmpty
            ? "the dumps agree; the values differ where a dump does not look (an identity, a float's last digits)"
            : lines
    }

    /// A line diff of `old` and `new` (longest common subsequence), with
    /// two lines of context around each change and `…` between the pieces.
    static func diff(_ old: [String], _ new: [String]) -> String {
        let (m, n) = (old.count, new.count)
        var common = Array(repeating: Array(repeating: 0, count: n + 1), count: m + 1)
        for i in stride(from: m - 1, through: 0, by: -1) {
            for j in stride(from: n - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var script: [(mark: Character, text: String)] = []
        var (i, j) = (0, 0)
        while i < m || j < n {
            if i < m, j < n, old[i] == new[j] {
                script.append((" ", old[i]))
                (i, j) = (i + 1, j + 1)
            } else if j < n, i == m || common[i][j + 1] >= common[i + 1][j] {
                script.append(("+", new[j]))
                j += 1
            } else {
                script.append(("-", old[i]))
                i += 1
            }
        }
        let changed = script.indices.filter { script[$0].mark != " " }
        guard !changed.isEmpty else { return "" }
        let shown = Set(changed.flatMap { max(0, $0 - 2)...min(script.count - 1, $0 + 2) })
        var out: [String] = []
        var last = -1
        for index in shown.sorted() {
            if last >= 0, index > last + 1 { out.append("…") }
            out.append("\(script[index].mark)\(script[index].text)")
            last = index
        }
        return out.joined(separator: "\n")
    }
}

/// Records an issue when `actual` is not `expected`, showing every line of
/// their dumps that differs (`-` expected, `+` actual).
public func expectState<Value: Equatable>(
    _ actual: Value, equals expected: Value, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let difference = StateDifference.between(expected: expected, actual: actual) else { return }
    let heading = comment.map { "\($0): " } ?? ""
    Issue.record("\(heading)the state differs (− expected, + actual):\n\(difference)", sourceLocation: sourceLocation)
}
