import Foundation
import LiveryComposition
import LiveryCore

/// Runs a brand's scenario files headlessly and prints a transcript: what
/// `livery run <brand>` and each brand's own executable do.
public struct ScenarioCommand: Sendable {
    /// The registered brands.
    public let composition: Composition
    /// The brand to run, as a person typed it.
    public let brand: String
    /// Scenario files to run; empty means every file of the brand.
    public let files: [String]
    /// Machine-readable JSON instead of the readable transcript.
    public let json: Bool
    /// Colour on (`true`), off (`false`) or when standard output is a terminal (`nil`).
    public let colour: Bool?
    /// Where the brands' scenario folders are; `nil` means `Tests/Scenarios` of this checkout.
    public let scenariosDirectory: String?

    /// A command.
    public init(composition: Composition, brand: String, files: [String] = [], json: Bool = false,
                colour: Bool? = nil, scenariosDirectory: String? = nil) {
        self.composition = composition
        self.brand = brand
        self.files = files
        self.json = json
        self.colour = colour
        self.scenariosDirectory = scenariosDirectory
    }

    /// Runs the scenarios; the exit status: 0 when every scenario passed, 1
    /// when one failed, 2 when the input was bad (unknown brand, unreadable
    /// or malformed file).
    public func run() async -> Int32 {
        FileHandle.standardError.write(Data("scenario runner: not built yet\n".utf8))
        return 2
    }
}
