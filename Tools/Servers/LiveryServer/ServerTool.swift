import ArgumentParser
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiverySandbox
import LiveryScenarios
import LiveryWorkshop

/// `livery-server`: the commands that serve HTTP — the sandbox backend and
/// the web preview — in an executable of their own, so that running and
/// testing brands never compiles the server stack. `livery sandbox` and
/// `livery preview` build it on first use and hand over to it, and so do
/// `livery run` and `livery explore` when they trust a private certificate
/// authority (TLS is linked here only).
@main
struct ServerTool: AsyncParsableCommand, ScenarioTool {
    static let configuration = CommandConfiguration(
        commandName: "livery-server",
        abstract:
            "Serve the sandbox backend or the web preview, draw the brands' gallery (also reached as `livery sandbox`, `livery preview` and `livery gallery`), or print the wire contract.",
        discussion:
            "`run` and `explore` are `livery run` and `livery explore`, reached here when they trust a private CA (--ca-certificate). Exit status (every command): 0 stopped, 1 failed, 2 bad input or usage.",
        subcommands: [
            SandboxCommand.self, PreviewCommand.self, GalleryCommand.self, ContractCommand.self,
            RunScenarios<ServerTool>.self, ExploreJourneys<ServerTool>.self,
        ])

    /// A transport trusting the authority in the PEM file at `path`, and the system's.
    static func authorityTransport(_ path: String) throws(ToolError) -> any HTTPTransport {
        do {
            return try TrustingTransport(trusting: path)
        } catch {
            throw ToolError("--ca-certificate \(error)")
        }
    }

    /// Parses the arguments and runs the command, exiting with its status.
    static func main() async {
        Foundation.exit(await ExitStatus.run(ServerTool.self))
    }

    /// The composition root of the servers: every brand Package.swift lists.
    static func composition() throws(ToolError) -> Composition {
        try ToolBrands.composition(loading: packageBrandLoads())
    }

    /// The registered brand called `name` (as a person typed it).
    static func brand(_ name: String, in composition: Composition) throws(ToolError) -> any BrandPlugin {
        try ToolBrands.brand(name, in: composition)
    }
}
