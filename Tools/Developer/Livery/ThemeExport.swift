import ArgumentParser
import Foundation
import LiveryConsole

extension Livery {
    /// `livery theme <brand>`: the brand's theme as W3C design tokens.
    struct ThemeExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "theme",
            abstract: "Print a brand's theme as W3C design-tokens JSON.")

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let plugin = try Livery.brand(brand, in: Livery.composition())
            do {
                FileHandle.standardOutput.write(try plugin.theme.designTokensJSON())
                print()
            } catch {
                throw ToolError("brand '\(brand)': the theme cannot be exported: \(error)")
            }
        }
    }
}
