import Foundation

/// The `--json` output: one document with every scenario's steps and
/// outcome, the failure details, input errors, and totals.
struct JSONReport: Codable {
    /// The brand run.
    var brand: String
    /// Each scenario's result, in run order.
    var scenarios: [ScenarioResult]
    /// Files that could not be run as written (then nothing runs).
    var errors: [InputErrorEntry]
    /// How many scenarios passed.
    var passed: Int
    /// How many failed.
    var failed: Int
    /// Wall time of the whole run, in milliseconds.
    var elapsedMilliseconds: Double
    /// Journey coverage, when asked for.
    var coverage: Coverage?

    /// What the scenarios reached, per category, with what they did not.
    struct Coverage: Codable {
        var reached: Int
        var total: Int
        var share: Double
        var categories: [JourneyCoverage.Line]

        init(_ coverage: JourneyCoverage) {
            reached = coverage.lines.reduce(0) { $0 + $1.reached }
            total = coverage.lines.reduce(0) { $0 + $1.total }
            share = coverage.share
            categories = coverage.lines
        }
    }

    /// One input error.
    struct InputErrorEntry: Codable {
        var file: String
        var line: Int
        var message: String
    }

    /// The document as pretty-printed JSON with sorted keys.
    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
