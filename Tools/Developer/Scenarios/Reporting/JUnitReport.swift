import Foundation

/// A run as JUnit XML, the report CI systems read (`--junit PATH`): one
/// `<testsuite>` per brand run, one `<testcase>` per scenario file, named by
/// the file and the scenario's title; a failed scenario has a `<failure>`
/// whose message is `file:line` and the step, and whose text is the expected
/// and got lines; a file that could not be run as written has an `<error>`.
package struct JUnitReport {
    /// One brand's run.
    struct Suite: Sendable {
        let brand: String
        let results: [ScenarioResult]
        let errors: [ScenarioInputError]
        let elapsedMilliseconds: Double

        var tests: Int { results.count + errors.count }
        var failures: Int { results.count { !$0.passed } }
    }

    /// The run's name (`livery run neds`).
    let name: String
    let suites: [Suite]

    /// The XML document.
    var xml: String {
        let elapsed = suites.reduce(0) { $0 + $1.elapsedMilliseconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\(Self.attribute(name)) tests=\"\(suites.reduce(0) { $0 + $1.tests })\" "
                + "failures=\"\(suites.reduce(0) { $0 + $1.failures })\" "
                + "errors=\"\(suites.reduce(0) { $0 + $1.errors.count })\" time=\"\(Self.seconds(elapsed))\">",
        ]
        for suite in suites { lines += Self.lines(of: suite) }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of suite: Suite) -> [String] {
        let brand = suite.brand
        var lines = [
            "  <testsuite name=\(attribute(brand)) tests=\"\(suite.tests)\" failures=\"\(suite.failures)\" "
                + "errors=\"\(suite.errors.count)\" skipped=\"0\" time=\"\(seconds(suite.elapsedMilliseconds))\">"
        ]
        for result in suite.results {
            let name = "\(URL(fileURLWithPath: result.file).lastPathComponent): \(result.name)"
            let head =
                "    <testcase classname=\(attribute(brand)) name=\(attribute(name)) file=\(attribute(result.file)) "
                + "time=\"\(seconds(result.elapsedMilliseconds))\""
            guard let failure = result.failure else {
                lines.append(head + "/>")
                continue
            }
            let message = "\(failure.file):\(failure.line): \(failure.step)"
            let detail =
                (["step: \(failure.step)"]
                + failure.mismatches.map { "\($0.check): expected \($0.expected), got \($0.actual)" })
                .joined(separator: "\n")
            lines.append(head + ">")
            lines.append(
                "      <failure message=\(attribute(message)) type=\"expectation\">\(text(detail))</failure>")
            lines.append("    </testcase>")
        }
        for error in suite.errors {
            let name = URL(fileURLWithPath: error.file).lastPathComponent
            lines.append(
                "    <testcase classname=\(attribute(brand)) name=\(attribute(name)) file=\(attribute(error.file)) time=\"0\">"
            )
            lines.append(
                "      <error message=\(attribute(error.description)) type=\"input\">\(text(error.description))</error>"
            )
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        return lines
    }

    /// Writes the document to `path`, replacing what is there.
    /// - Throws: ``ScenarioInputError`` naming the path when it cannot be written.
    func write(to path: String) throws(ScenarioInputError) {
        try Self.write(xml, to: path)
    }

    /// Writes the document `xml` to `path`, replacing what is there.
    /// - Throws: ``ScenarioInputError`` naming the path when it cannot be written.
    package static func write(_ xml: String, to path: String) throws(ScenarioInputError) {
        do {
            try Data(xml.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ScenarioInputError(
                file: path, line: 0, message: "the JUnit report cannot be written: \(error.localizedDescription)")
        }
    }

    /// Whether a report can be written at `path`: its folder exists and it is not a folder itself.
    package static func problem(with path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "--junit \(path) is a folder; give a file such as scenarios.xml"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return "--junit \(path): the folder \(folder) does not exist"
        }
        return nil
    }

    private static func seconds(_ milliseconds: Double) -> String {
        String(format: "%.3f", milliseconds / 1000)
    }

    /// `value` as a double-quoted XML attribute.
    package static func attribute(_ value: String) -> String {
        "\"" + escaped(value, quotes: true) + "\""
    }

    /// `value` as XML character data.
    package static func text(_ value: String) -> String { escaped(value, quotes: false) }

    /// Markup characters as entities; characters XML 1.0 cannot hold (most
    /// controls) written as `\u{…}`, so any scenario text makes a valid document.
    private static func escaped(_ value: String, quotes: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: out.append(contentsOf: "&quot;".unicodeScalars)
            case "\n" where quotes: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\n", "\t": out.append(scalar)
            case _
            where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
                || (0xD800...0xDFFF).contains(scalar.value):
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
