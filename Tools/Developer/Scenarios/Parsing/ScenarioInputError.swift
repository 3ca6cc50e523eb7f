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
