import ArgumentParser
import BrandDeclarations
import Foundation
import LiveryConsole
import LiveryScenarios
import LiveryWorkshop

extension Livery {
    /// `livery build <brand>`: that brand's product only.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build one brand's product: Core, the features, the scenario runner and that brand, no other.")

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        @Flag(help: "Build in release mode.")
        var release = false

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let checkout = try PackageCheckout.current()
            let name = try checkout.brandName(for: brand)
            try checkout.swift(
                ["build", "--product", name.lowercased()] + (release ? ["-c", "release"] : []),
                describing: "built \(name.lowercased())", terminal: output.terminal)
        }
    }

    /// `livery test <brand>`: that brand's checks, in this process, so nothing is built beyond `livery`; its own
    /// Swift tests with `--swift`.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run one brand's checks: its brand file, theme, contrast, form and every scenario file.",
            discussion: """
                The checks run inside livery, so they need nothing built beyond it: the same checks as the brand's \
                test target (<Name>BrandTests) runs under swift test. --swift also builds and runs that test target, \
                the brand's own Swift tests included, with `swift test --filter <Name>BrandTests` (which builds every \
                test target, the server stack included: minutes the first time). \
                Exit status: 0 every check passed, 1 a check or a Swift test failed, 2 an unknown brand.
                """)

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        @Flag(help: "Also build and run the brand's Swift test target (every test target is built).")
        var swift = false

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let terminal = output.terminal
            let checkout = try PackageCheckout.current()
            let name = try checkout.brandName(for: brand)
            let id = name.lowercased()
            guard let loaded = packageBrandLoads().first(where: { $0.id == id })?.load else {
                throw ToolError(
                    "\(name) is in Package.swift but not built into this livery: run it as `swift run livery test \(id)`"
                )
            }
            let checks = BrandCheck.all(id: id) { () throws(DeclarationError) in try loaded.get() }
            let started = ContinuousClock.now
            var failed = 0
            for (index, check) in checks.enumerated() {
                let problems = await check.problems()
                let mark = problems.isEmpty ? terminal.green("✔") : terminal.red("✘")
                terminal.progress(index + 1, of: checks.count, "\(mark) \(check)")
                for problem in problems { terminal.error("    " + terminal.red(problem)) }
                if !problems.isEmpty { failed += 1 }
            }
            let seconds = String(format: "%.1f s", Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000)
            if failed == 0 {
                print(terminal.green("✔ \(id): \(checks.count) checks passed in \(seconds)"))
            } else {
                print(terminal.red("✘ \(id): \(failed) of \(checks.count) checks failed in \(seconds)"))
            }
            if swift {
                try checkout.swift(
                    ["test", "--filter", "\(name)BrandTests"], describing: "tested \(id)'s Swift tests",
                    terminal: terminal)
            } else if let own = ownSwiftTests(of: name, in: checkout), !own.isEmpty {
                print(
                    terminal.dim(
                        "\(name)'s own Swift tests (\(own.joined(separator: ", "))) run with --swift, or under swift test."
                    ))
            }
            if failed > 0 { throw ReportedFailure() }
        }

        /// The Swift files of the brand's test target besides the one that runs its checks.
        private func ownSwiftTests(of name: String, in checkout: PackageCheckout) -> [String]? {
            let folder = checkout.root.appendingPathComponent("Tests/Brands/\(name)BrandTests")
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
            return files?.filter { $0.hasSuffix(".swift") && $0 != "\(name)BrandTests.swift" }.sorted()
        }
    }
}
