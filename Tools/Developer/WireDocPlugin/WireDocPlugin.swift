import Foundation
import PackagePlugin

/// Writes, for the target that generates the contract, a Swift file holding
/// the documentation comment of every public property of LiveryWire's types
/// (`Core/Wire`): the contract describes a property in those words unless
/// its `WireNote` says something of its own, so each description is kept once.
@main
struct WireDocPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Core/Wire")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "WirePropertyDocumentation.swift")
        return [
            .buildCommand(
                displayName: "Reading the documentation of \(sources.count) wire files for \(target.name)",
                executable: try context.tool(named: "WireDocGenerator").url,
                arguments: [output.path] + sources.map(\.path), inputFiles: sources, outputFiles: [output])
        ]
    }
}
