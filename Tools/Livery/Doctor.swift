import ArgumentParser
import Foundation
import LiveryComposition
import LiveryCore

extension Livery {
    /// `livery doctor [brand]`: conformance checks per brand.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check brands: complete theme, WCAG AA contrast, form definition, scenarios present.")

        @Argument(help: "One brand to check (default: every brand).")
        var brand: String?

        func run() async throws {
            let composition = try Livery.composition()
            let checkout = try? PackageCheckout.current()
            let ids: [BrandID]
            if let brand {
                do {
                    ids = [try composition.registry.plugin(named: brand).manifest.id]
                } catch {
                    throw ToolError(error.description)
                }
            } else {
                ids = composition.registry.ids
            }
            var rows: [[String]] = []
            var problems: [String] = []
            for id in ids {
                let checks = Self.checks(id, composition: composition, checkout: checkout)
                rows.append([id.rawValue] + checks.map { $0.passed ? Terminal.green("ok") : Terminal.red("FAIL") })
                problems += checks.compactMap { check in check.problem.map { "\(id): \(check.name): \($0)" } }
            }
            print(Terminal.table(["brand", "theme", "contrast", "definition", "scenarios"], rows))
            guard problems.isEmpty else {
                for problem in problems { Terminal.error(Terminal.red("✘ ") + problem) }
                throw ExitCode(1)
            }
        }

        struct Check {
            let name: String
            let problem: String?
            var passed: Bool { problem == nil }
        }

        static func checks(_ id: BrandID, composition: Composition, checkout: PackageCheckout?) -> [Check] {
            guard let plugin = try? composition.registry.plugin(id) else { return [] }
            let theme = plugin.theme
            let issues = theme.issues().map(\.description)
            let contrast = theme.contrastFailures().map(\.description)
            var definition: String?
            do {
                _ = try composition.configuration(of: id.rawValue)
            } catch {
                definition = error.description
            }
            var scenarios: String? = "no checkout found to look for Tests/Scenarios/\(id)"
            if let checkout {
                let folder = checkout.root.appendingPathComponent("Tests/Scenarios/\(id.rawValue)")
                let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                scenarios = files.contains { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                    ? nil : "no scenario files in Tests/Scenarios/\(id.rawValue)"
            }
            return [
                Check(name: "theme", problem: issues.isEmpty ? nil : issues.joined(separator: "; ")),
                Check(name: "contrast", problem: contrast.isEmpty ? nil : contrast.joined(separator: "; ")),
                Check(name: "definition", problem: definition),
                Check(name: "scenarios", problem: scenarios),
            ]
        }
    }
}
