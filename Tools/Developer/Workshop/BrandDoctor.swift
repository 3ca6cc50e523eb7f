import Foundation
import LiveryComposition
import LiveryCore

/// What `livery doctor` checks: each brand's conformance and scenarios, and
/// that the brand list, the registered brands and the brand folders agree.
public enum BrandDoctor {
    /// The names of the per-brand checks, in order (the doctor's columns).
    public static let checkNames = ["theme", "contrast", "definition", "scenarios"]

    /// The checks of `plugin`: `BrandConformance`, then whether the
    /// checkout has scenario files for it.
    public static func checks(_ plugin: any BrandPlugin, checkout: PackageCheckout?) -> [BrandConformance.Check] {
        let id = plugin.manifest.id.rawValue
        let scenarios: [String]
        if let checkout {
            scenarios = checkout.scenarioFiles(of: id).isEmpty ? ["no scenario files in Tests/Scenarios/\(id)"] : []
        } else {
            scenarios = ["no checkout found to look for Tests/Scenarios/\(id)"]
        }
        return BrandConformance.checks(plugin) + [BrandConformance.Check(name: "scenarios", problems: scenarios)]
    }

    /// Where the brand list of Package.swift, the brands the tool registered
    /// and the brand folders of `checkout` disagree; empty when they agree.
    public static func listProblems(registered: [String], checkout: PackageCheckout) -> [String] {
        guard let names = try? checkout.brandNames() else { return ["Package.swift: the brand list cannot be read"] }
        var problems: [String] = []
        let listed = names.map { $0.lowercased() }
        if listed.sorted() != registered.sorted() {
            problems.append(
                "brand list: Package.swift lists \(listed.joined(separator: ", ")) but the tool registered \(registered.joined(separator: ", ")) (rebuild the tool)"
            )
        }
        let manager = FileManager.default
        for name in names {
            for folder in [
                "Brands/\(name)/Plugin/brand.json", "Tests/Brands/\(name)BrandTests",
                "Tests/Scenarios/\(name.lowercased())",
            ]
            where !manager.fileExists(atPath: checkout.root.appendingPathComponent(folder).path) {
                problems.append("brand list: \(name) is listed but \(folder) is missing")
            }
        }
        let folders =
            (try? manager.contentsOfDirectory(atPath: checkout.root.appendingPathComponent("Brands").path)) ?? []
        for folder in folders.sorted()
        where !names.contains(folder)
            && manager.fileExists(atPath: checkout.root.appendingPathComponent("Brands/\(folder)/Plugin").path)
        {
            problems.append("brand list: Brands/\(folder) is not in Package.swift's brand list")
        }
        return problems
    }
}
