import ArgumentParser
import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryWorkshop

extension Livery {
    /// `livery doctor [brand]`: conformance checks per brand.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Check brands (brand list, complete theme, WCAG AA contrast, form definition, scenarios present) and market packs.",
            discussion: """
                Market packs are read from the checkout's Brands/Markets/Packs (so an edit is checked before a build), or \
                from --market-pack: every key known, patterns compiling, examples passing the pack's own rules, the \
                address file parsing, the standard form loading; each problem names the file and line. \
                --market-pack FILE checks that one file whatever its name; a folder, each *.json pack in it. \
                Exit status: 0 every check passed, 1 a check failed, 2 bad input: a brand file or pack that does not \
                read (not a regular file, malformed, an unknown key), or a --market-pack with no pack to check.
                """)

        @Argument(help: "One brand to check (default: every brand).")
        var brand: String?

        @Option(
            help:
                "Check the brand declared in this brand.json (its logo beside it) instead of the built-in one of its id, e.g. after an edit, before a build."
        )
        var brandFile: String?

        @Option(help: "Check the market pack in this file, or every pack in this folder, beside the shipped ones.")
        var marketPack: String?

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let terminal = output.terminal
            var composition = try Livery.composition()
            if let brandFile { composition = try ToolBrands.composition(composition, withBrandFile: brandFile) }
            let checkout = try? PackageCheckout.current()
            let ids =
                try brand.map { name throws(ToolError) in [try Livery.brand(name, in: composition).manifest.id] }
                ?? composition.registry.ids
            var rows: [[String]] = []
            var problems: [String] = []
            for id in ids {
                let checks = BrandDoctor.checks(try Livery.brand(id.rawValue, in: composition), checkout: checkout)
                rows.append([id.rawValue] + checks.map { $0.passed ? terminal.green("ok") : terminal.red("FAIL") })
                problems += checks.flatMap(\.described).map { "\(id): \($0)" }
            }
            if brand == nil, let checkout {
                problems += BrandDoctor.listProblems(
                    registered: composition.registry.ids.map(\.rawValue), checkout: checkout)
            }
            print(terminal.table(["brand"] + BrandDoctor.checkNames, rows))
            for note in renameNotes(ids: ids.map(\.rawValue), checkout: checkout) {
                terminal.error(terminal.yellow("note: ") + note)
            }
            let markets = try marketReports(checkout: checkout)
            if !markets.isEmpty {
                print(
                    terminal.table(
                        ["market pack", "code", "checks"],
                        markets.map {
                            [$0.file, $0.code ?? "–", $0.passed ? terminal.green("ok") : terminal.red("FAIL")]
                        }))
                problems += markets.flatMap(\.problems)
            }
            guard problems.isEmpty else {
                for problem in problems { terminal.error(terminal.red("✘ ") + problem) }
                // A pack that does not read is bad input, as it is for every other tool.
                if markets.contains(where: { !$0.read }) { throw ExitCode(ExitStatus.badInput) }
                throw ReportedFailure()
            }
        }

        /// Notes on old names in the brand files checked (`--brand-file`'s, or the checkout's
        /// of `ids`), each naming its file; they do not fail the check.
        private func renameNotes(ids: [String], checkout: PackageCheckout?) -> [String] {
            var files: [String] = []
            if let brandFile {
                files = [brandFile]
            } else if let checkout {
                files = ids.compactMap { id in
                    (try? checkout.brandName(for: id)).map {
                        checkout.root.appendingPathComponent("Brands/\($0)/Plugin/brand.json").path
                    }
                }
            }
            return files.flatMap { file in
                let data =
                    (try? FileInput.read(atPath: file, limit: BrandDefinition.maximumFileSize, kind: "brand file"))
                    ?? Data()
                return BrandDefinition.renameNotes(json: data).map { "\(file): \($0)" }
            }
        }

        /// The market packs to check: `--market-pack`'s (beside the shipped ones), else the checkout's.
        /// - Throws: `ToolError` for a `--market-pack` that is missing or a folder without packs: nothing to check.
        private func marketReports(checkout: PackageCheckout?) throws -> [MarketDoctor.Report] {
            guard let marketPack else {
                guard let checkout else { return [] }
                return MarketDoctor.check(folder: MarketDoctor.packFolder(in: checkout))
            }
            let url = URL(fileURLWithPath: marketPack)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw ToolError("--market-pack: \(marketPack) does not exist")
            }
            let shipped = try ToolBrands.markets()
            guard isFolder.boolValue else { return [MarketDoctor.check(file: url, known: shipped)] }
            let reports = MarketDoctor.check(folder: url, known: shipped)
            guard !reports.isEmpty else {
                throw ToolError("--market-pack: \(marketPack) holds no market pack (*.json): nothing was checked")
            }
            return reports
        }
    }
}
