import Foundation
import PackagePlugin

/// Writes, for a target that depends on brand plugins, a Swift file listing
/// them in the order the manifest lists its brands: `packageBrands()`. So
/// Package.swift's brand list is the only list anyone keeps by hand; the
/// `livery` tool, the sandbox suites and the benchmarks all read this one.
@main
struct BrandListPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let brandsFolder = context.package.directoryURL.appending(path: "Brands").standardizedFileURL.path + "/"
        let brands = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let brand) = dependency else { return nil }
            let folder = brand.directoryURL.standardizedFileURL.path
            guard folder.hasPrefix(brandsFolder), folder.hasSuffix("/Plugin") else { return nil }
            return brand.name
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "PackageBrands.swift")
        return [
            .buildCommand(
                displayName: "Listing \(brands.count) brands for \(target.name)",
                executable: try context.tool(named: "BrandListGenerator").url,
                arguments: [output.path] + brands, inputFiles: [], outputFiles: [output])
        ]
    }
}
