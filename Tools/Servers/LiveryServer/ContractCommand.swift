import ArgumentParser
import BrandDeclarations
import Foundation
import LiveryConsole
import OpenAPIGeneration

/// `livery-server contract`: the OpenAPI document of the wire contract, as
/// the sandbox serves it at `/openapi.json`.
struct ContractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract:
            "Print the wire contract (OpenAPI 3.1) for the brands Package.swift lists and the shipped markets, or write it to a file.",
        discussion: """
            The repository keeps it at Tools/Servers/Contract/openapi.json; after changing a wire type, write it again:
              swift run livery-server contract --output Tools/Servers/Contract/openapi.json
            """)

    @Option(name: .shortAndLong, help: "Write the document to this file instead of printing it.")
    var output: String?

    func run() throws {
        let made: OpenAPIDocument.Made
        do {
            let composition = try ServerTool.composition()
            let markets = try MarketCatalogue.shipped()
            made = try OpenAPIDocument.make(for: ContractScope(composition: composition, markets: markets))
        } catch {
            ExitStatus.writeError("error: the contract could not be made: \(error)")
            throw ReportedFailure()
        }
        guard made.descriptionProblems.isEmpty else {
            ExitStatus.writeError(
                "error: the wire types' descriptions: \(made.descriptionProblems.joined(separator: "; "))")
            throw ReportedFailure()
        }
        guard let output else {
            print(made.text, terminator: "")
            return
        }
        do {
            try Data(made.text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ToolError("cannot write '\(output)': \(error.localizedDescription)")
        }
    }
}
