import Foundation

/// Writing to the terminal: colour only when standard output is one (and
/// `NO_COLOR` is not set), tables with aligned columns.
enum Terminal {
    static let usesColour: Bool = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func green(_ text: String) -> String { paint(text, 32) }
    static func red(_ text: String) -> String { paint(text, 31) }
    static func bold(_ text: String) -> String { paint(text, 1) }
    static func dim(_ text: String) -> String { paint(text, 2) }

    private static func paint(_ text: String, _ code: Int) -> String {
        usesColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `rows` under `header`, each column as wide as its widest cell.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([bold(line(header))] + rows.map(line)).joined(separator: "\n")
    }

    /// Writes `text` to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
