import ArgumentParser
import LiveryConsole
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

    /// `livery test <brand>`: that brand's test target (its checks, scenarios and Swift tests).
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run one brand's tests: its brand file, theme, form, every scenario file and its own Swift tests."
        )

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        @OptionGroup var output: OutputOptions

        func run() async throws {
            let checkout = try PackageCheckout.current()
            let name = try checkout.brandName(for: brand)
            try checkout.swift(
                ["test", "--filter", "\(name)BrandTests"], describing: "tested \(name.lowercased())",
                terminal: output.terminal)
        }
    }
}
