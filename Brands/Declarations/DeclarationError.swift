import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// Why a declaration file (a brand file, a market pack) cannot be used: the
/// file, the place in it (a key path such as `theme.colours.primary`, and its
/// line when the file's text is known) and what is wrong there.
public struct DeclarationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as named to the person.
    public let file: String
    /// The key path of the bad value; empty for the whole file.
    public let path: String
    /// What is wrong.
    public let message: String
    /// The line (from 1) the bad value's key stands on, when known.
    public private(set) var line: Int?

    /// An error at `path` of `file`.
    public init(file: String, path: String, message: String, line: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
    }

    /// This error with the line its path stands on in `data`, the file's text.
    func located(in data: Data) -> DeclarationError {
        var located = self
        if located.line == nil { located.line = JSONKeyScan.line(of: path, in: data) }
        return located
    }

    /// `file: line N: at path: message`.
    public var description: String {
        "\(file): \(line.map { "line \($0): " } ?? "")\(path.isEmpty ? "" : "at \(path): ")\(message)"
    }
}
