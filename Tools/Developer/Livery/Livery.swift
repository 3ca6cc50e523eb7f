import ArgumentParser
import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryScenarios
import LiveryWorkshop

/// `livery`: the brand teams' command-line tool.
@main
struct Livery: AsyncParsableCommand, ScenarioTool {
    static let configuration = CommandConfiguration(
        abstract: "Run, build, test, check, compare and scaffold Livery's brands headlessly.",
        discussion:
            "Exit status (every command): 0 success, 1 a check, build, test or scenario failed, 2 bad input or usage.",
        subcommands: [
            Brands.self, RunScenarios<Livery>.self, ExploreJourneys<Livery>.self, Build.self, Test.self, New.self,
            Diff.self, Doctor.self,
            ThemeExport.self, ServerCommand.Sandbox.self, ServerCommand.Preview.self, ServerCommand.Gallery.self,
        ])

    /// Parses the arguments and runs the command, exiting with its status.
    static func main() async {
        Foundation.exit(await ExitStatus.run(Livery.self))
    }

    /// The composition root of the tool: every brand Package.swift lists.
    static func composition() throws(ToolError) -> Composition {
        try ToolBrands.composition(loading: packageBrandLoads())
    }

    /// `livery` does not link TLS: a run or an exploration that trusts a
    /// private certificate authority is handed over, whole, to `livery-server`.
    static func authorityTransport(_ path: String) throws(ToolError) -> any HTTPTransport {
        do {
            try ServerCommand.handOver(Array(CommandLine.arguments.dropFirst()))
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(error)")
        }
        throw ToolError("livery-server did not start")
    }

    /// The registered brand called `name` (as a person typed it).
    static func brand(_ name: String, in composition: Composition) throws(ToolError) -> any BrandPlugin {
        try ToolBrands.brand(name, in: composition)
    }

    /// The configuration of the brand called `name`.
    static func configuration(_ name: String, in composition: Composition) throws(ToolError) -> BrandConfiguration {
        try ToolBrands.configuration(name, in: composition)
    }
}
