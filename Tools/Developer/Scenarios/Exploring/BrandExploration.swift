import Foundation

/// What exploring one brand came to: its exit status, the journeys and
/// steps checked, how long it took and the failing journey, if one failed.
/// A run of several brands (`--every-brand`) reports one of these per brand.
struct BrandExploration: Sendable {
    /// The brand's id.
    let brand: String
    /// 0 every journey checked held, 1 one failed (or none was checked), 2 bad input.
    let status: Int32
    let journeys: Int
    let steps: Int
    let seconds: Double
    /// The failing journey, shrunk, when one failed.
    let found: FoundJourney?
    /// What stopped the run besides a failing journey: a worker that crashed or hung, nothing checked, bad input.
    let problems: [String]

    /// A JUnit document of `explorations`: a suite per brand, one test case in it (the brand explored),
    /// failed with the invariant or way and the scenario file that reproduces it, or errored on bad input.
    static func junit(_ explorations: [BrandExploration], name: String, seed: UInt64) -> String {
        let failures = explorations.count { $0.status == 1 }
        let errors = explorations.count { $0.status == 2 }
        let total = explorations.reduce(0) { $0 + $1.seconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\(JUnitReport.attribute(name)) tests=\"\(explorations.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(String(format: "%.3f", total))\">",
        ]
        for exploration in explorations {
            let brand = JUnitReport.attribute(exploration.brand)
            let time = String(format: "%.3f", exploration.seconds)
            lines.append(
                "  <testsuite name=\(brand) tests=\"1\" failures=\"\(exploration.status == 1 ? 1 : 0)\" errors=\"\(exploration.status == 2 ? 1 : 0)\" time=\"\(time)\">"
            )
            let title = "\(exploration.journeys) journeys, \(exploration.steps) steps (seed \(seed))"
            lines.append(
                "    <testcase classname=\(brand) name=\(JUnitReport.attribute(title)) time=\"\(time)\">")
            if let found = exploration.found {
                let message = "journey \(found.journey): \(found.key) at line \(found.line)"
                let detail =
                    found.mismatches.map { "\($0.check): expected \($0.expected), got \($0.actual)" }.joined(
                        separator: "\n") + "\n\n" + found.file
                lines.append(
                    "      <failure message=\(JUnitReport.attribute(message)) type=\"journey\">\(JUnitReport.text(detail))</failure>"
                )
            } else if !exploration.problems.isEmpty {
                let message = exploration.problems.joined(separator: "; ")
                let kind = exploration.status == 2 ? "error" : "failure"
                lines.append(
                    "      <\(kind) message=\(JUnitReport.attribute(message)) type=\"run\">\(JUnitReport.text(message))</\(kind)>"
                )
            }
            lines.append("    </testcase>")
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
