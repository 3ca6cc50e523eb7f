import ArgumentParser
import Foundation
import LiveryCore

extension Livery {
    /// `livery theme <brand>`: the brand's theme as W3C design tokens.
    struct ThemeExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "theme",
                                                        abstract: "Print a brand's theme as W3C design-tokens JSON.")

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        func run() async throws {
            let composition = try Livery.composition()
            let plugin: any BrandPlugin
            do {
                plugin = try composition.registry.plugin(named: brand)
            } catch {
                throw ToolError(error.description)
            }
            do {
                let data = try plugin.theme.designTokensJSON()
                FileHandle.standardOutput.write(data)
                print()
            } catch {
                throw ToolError("brand '\(brand)': the theme cannot be exported: \(error)")
            }
        }
    }
}
