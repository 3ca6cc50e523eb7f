import LiveryConsole

/// The readable transcript of a run: a heading per scenario, one line per
/// step with ✔ or ✘ (skipped steps are counted, not listed), expected
/// against actual under a failure, and a summary line. ANSI colour only when asked.
struct Transcript {
    /// Whether to colour the output.
    let colour: Bool

    /// The heading of a brand's run.
    func heading(brand: String, count: Int) -> String {
        bold("\(brand): \(count) scenario\(count == 1 ? "" : "s")")
    }

    /// The lines of one scenario's result.
    func lines(for result: ScenarioResult, fileName: String) -> [String] {
        let printable = Terminal.printable
        var lines = ["", bold("▶ \(printable(result.name))") + dim("  (\(printable(fileName)))")]
        for step in result.steps where step.outcome != .skipped {
            let mark = step.outcome == .passed ? paint("✔", .green) : paint("✘", .red)
            let wrapped = Self.wrap(printable(step.step))
            lines.append(
                "  \(mark) \(wrapped[0])" + (step.outcome == .failed ? dim("  (\(fileName):\(step.line))") : ""))
            lines += wrapped.dropFirst().map { "      " + $0 }
        }
        if let failure = result.failure {
            for mismatch in failure.mismatches {
                lines.append(
                    "      \(printable(mismatch.check)): expected \(paint(printable(mismatch.expected), .green)), "
                        + "got \(paint(printable(mismatch.actual), .red))")
            }
            let skipped = result.steps.count { $0.outcome == .skipped }
            lines.append(
                paint("  ✘ '\(printable(result.name))' failed at \(printable(failure.file)):\(failure.line)", .red)
                    + (skipped > 0 ? dim(" — \(skipped) later step\(skipped == 1 ? "" : "s") not run") : ""))
        } else {
            lines.append(paint("  ✔ passed", .green) + dim(" in \(Self.format(result.elapsedMilliseconds)) ms"))
        }
        return lines
    }

    /// An input error, e.g. `path:12: unknown step 'tpe' (did you mean 'type'?)`.
    func error(_ error: ScenarioInputError) -> String {
        paint("error: ", .red) + Terminal.printable(error.description)
    }

    /// `N passed, N failed in X ms`.
    func summary(passed: Int, failed: Int, milliseconds: Double) -> String {
        let line = "\(passed) passed, \(failed) failed in \(Self.format(milliseconds)) ms"
        return "\n" + (failed == 0 ? paint(line, .green) : paint(line, .red))
    }

    /// The coverage table: one line per category, reached of total, and
    /// what was not reached.
    func coverage(_ coverage: JourneyCoverage) -> String {
        let reached = coverage.lines.reduce(0) { $0 + $1.reached }
        let total = coverage.lines.reduce(0) { $0 + $1.total }
        let percent = Int((coverage.share * 100).rounded(.down))
        var lines = ["", bold("journey coverage of \(coverage.brand): \(reached)/\(total) (\(percent)%)")]
        for line in coverage.lines {
            let name = line.category.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            let count = "\(line.reached)/\(line.total)".padding(toLength: 8, withPad: " ", startingAt: 0)
            let mark = line.unreached.isEmpty ? paint("✔", .green) : paint("·", .red)
            let missing = line.unreached.isEmpty ? "" : dim("  not reached: ") + line.unreached.joined(separator: ", ")
            lines.append("  \(mark) \(name) \(count)\(missing)")
        }
        return lines.joined(separator: "\n")
    }

    /// An expect step's checks (joined by ` · `) split into lines of about 100 characters.
    static func wrap(_ text: String, width: Int = 100) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in text.components(separatedBy: " · ") {
            if !line.isEmpty, line.count + part.count + 3 > width {
                lines.append(line)
                line = part
            } else {
                line = line.isEmpty ? part : line + " · " + part
            }
        }
        return lines + [line]
    }

    static func format(_ milliseconds: Double) -> String {
        milliseconds < 10 ? String(Double(Int(milliseconds * 100)) / 100) : String(Int(milliseconds.rounded()))
    }

    private enum Colour: String {
        case red = "31"
        case green = "32"
    }

    private func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    private func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
