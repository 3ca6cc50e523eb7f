import Foundation

/// Writing to the terminal: colour only when wanted, aligned tables, step
/// progress and errors on standard error.
///
/// Colour is on when `--colour` is given, off when `--no-colour` is given or
/// `NO_COLOR` is set (to anything), and otherwise on when standard output is
/// a terminal.
public struct Terminal: Sendable {
    /// Whether text is painted with ANSI colour.
    public let colour: Bool

    /// A terminal that colours as `choice` says (`nil`: decide by `NO_COLOR` and whether output is a terminal).
    public init(
        colour choice: Bool? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        outputIsTerminal: Bool = isatty(STDOUT_FILENO) == 1
    ) {
        colour = choice ?? (environment["NO_COLOR"] == nil && outputIsTerminal)
    }

    /// `text` in green (passed, created).
    public func green(_ text: String) -> String { paint(text, 32) }
    /// `text` in red (failed).
    public func red(_ text: String) -> String { paint(text, 31) }
    /// `text` in yellow (a warning or a difference).
    public func yellow(_ text: String) -> String { paint(text, 33) }
    /// `text` in bold (headings).
    public func bold(_ text: String) -> String { paint(text, 1) }
    /// `text` dimmed (details).
    public func dim(_ text: String) -> String { paint(text, 2) }

    /// `text` safe to print: control characters (but line breaks and tabs),
    /// and the invisible characters that reorder or hide text (bidirectional
    /// overrides and isolates, the line and paragraph separators), written
    /// as `\u{1B}`, so that a name or value echoed from input can neither
    /// drive the terminal nor disguise what it says.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    private func paint(_ text: String, _ code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `rows` under `header`, each column as wide as its widest cell (colour codes not counted).
    public func table(_ header: [String], _ rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { Self.visibleLength($0[column]) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { cell, width in
                cell + String(repeating: " ", count: max(0, width - Self.visibleLength(cell)))
            }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([bold(line(header))] + rows.map(line)).joined(separator: "\n")
    }

    /// `[step/total] text`, printed at once (standard output is flushed), for long work done in steps.
    public func progress(_ step: Int, of total: Int, _ text: String) {
        print(dim("[\(step)/\(total)]") + " " + text)
        fflush(nil)
    }

    /// Writes `text` and a line break to standard error.
    public func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private static func visibleLength(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
