import AppBarFeature
import Foundation
import JoinFormFeature
import Testing

/// The scenario vocabulary (Tests/Scenarios/README.md) names the ids the
/// engines enumerate. These tests fail when a case is added to an engine and
/// not to the document, or the document names one that does not exist.
@Suite("The scenario vocabulary names every id the engines enumerate, and no other")
struct VocabularyDocumentTests {
    private let text: String

    init() throws {
        text = try String(
            contentsOf: thisCheckout.root.appendingPathComponent("Tests/Scenarios/README.md"), encoding: .utf8)
    }

    /// The backticked ids in the text between `start` and `end` (both exclusive), in order.
    private func ids(after start: String, before end: String) throws -> [String] {
        let from = try #require(text.range(of: start), "the vocabulary has no '\(start)'")
        let to = try #require(
            text.range(of: end, range: from.upperBound..<text.endIndex), "no '\(end)' after '\(start)'")
        let section = text[from.upperBound..<to.lowerBound]
        return Self.backticked(section)
    }

    @Test("app bar routes")
    func appBarRoutes() throws {
        #expect(try ids(after: "app bar (`AppBarRoute`)", before: ";") == AppBarRoute.allCases.map(\.rawValue))
    }

    @Test("alert kinds and alert actions")
    func alerts() throws {
        #expect(
            try ids(after: "**alerts** (`SystemAlert.Kind`):", before: "; alert actions")
                == SystemAlert.Kind.allCases.map(\.rawValue))
        #expect(try ids(after: "alert actions", before: ";\n") == SystemAlert.Action.Role.allCases.map(\.rawValue))
    }

    @Test("the links a step opens")
    func links() throws {
        let row = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("| `open: ") }, "the vocabulary has no open step")
        let named = Self.backticked(row).map { $0.replacingOccurrences(of: "open: ", with: "") }
        #expect(Set(named) == Set(JoinLink.allCases.map(\.rawValue)))
        #expect(named.count == JoinLink.allCases.count, "each link once")
    }

    /// The backticked parts of `text`, in order.
    private static func backticked(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }
}
