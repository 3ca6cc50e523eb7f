import ArgumentParser
import Foundation
import LiveryComposition

/// `livery`: the brand teams' command-line tool.
@main
struct Livery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run, build, test, check and scaffold Livery's brands headlessly.",
        subcommands: [Brands.self, Run.self, Build.self, Test.self, New.self, Doctor.self, ThemeExport.self,
                      SandboxCommand.self])

    /// The composition root of the tool: every registered brand.
    static func composition() throws -> Composition {
        do {
            return try Composition(registeredBrands)
        } catch {
            throw ToolError(error.description)
        }
    }
}

/// A failure the tool reports as `error: …` with a non-zero exit status.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
