import LiveryTesting
import Testing

@Suite("A whole-state assertion shows every property that differs")
struct StateDifferenceTests {
    private struct Shown: Equatable {
        var page = "details"
        var focus: String? = "email"
        var fields = ["email": "valid", "mobile": "unknown"]
        var callToAction = "continue"
        var loading = false
        var alert = "none"
        var route = "none"
        var title = "Join"
        var progress = 40
    }

    @Test("equal states show nothing; different ones show each differing line, expected then actual, in context")
    func differences() throws {
        #expect(StateDifference.between(expected: Shown(), actual: Shown()) == nil)
        var actual = Shown()
        actual.focus = nil
        actual.progress = 60
        let shown = try #require(StateDifference.between(expected: Shown(), actual: actual))
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("-") && $0.contains("focus") && $0.contains("email") })
        #expect(lines.contains { $0.hasPrefix("+") && $0.contains("focus: nil") })
        #expect(lines.contains("-  - progress: 40") && lines.contains("+  - progress: 60"))
        #expect(!lines.contains { $0.contains("alert") }, "lines far from a change are left out: \(shown)")
        #expect(lines.contains("…"), "pieces apart are marked: \(shown)")
    }

    @Test("the assertion records one issue naming what differs, and none when the states agree")
    func records() {
        expectState(Shown(), equals: Shown())
        withKnownIssue {
            expectState(Shown(page: "account"), equals: Shown(), "after continue")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
            return text.contains("after continue") && text.contains("+  - page: \"account\"")
        }
    }
}
