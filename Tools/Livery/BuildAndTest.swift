import ArgumentParser

extension Livery {
    /// `livery build <brand>`: that brand's product only.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build one brand's product (Core, the features and that brand only).")

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        @Flag(help: "Build in release mode.")
        var release = false

        func run() async throws {
            let checkout = try PackageCheckout.current()
            let name = try checkout.brandName(for: brand)
            try Self.passingExitCode {
                try checkout.swift(["build", "--product", name.lowercased()] + (release ? ["-c", "release"] : []),
                                   describing: "built \(name.lowercased())")
            }
        }

        /// Runs `body`, turning a child process's failure into this command's exit status.
        static func passingExitCode(_ body: () throws -> Void) throws {
            do {
                try body()
            } catch let failure as ExitCodeError {
                throw ExitCode(failure.status)
            }
        }
    }

    /// `livery test <brand>`: that brand's test target (its scenarios and Swift tests).
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run one brand's headless integration tests.")

        @Argument(help: "The brand, e.g. neds.")
        var brand: String

        func run() async throws {
            let checkout = try PackageCheckout.current()
            let name = try checkout.brandName(for: brand)
            try Build.passingExitCode {
                try checkout.swift(["test", "--filter", "\(name)BrandTests"], describing: "tested \(name.lowercased())")
            }
        }
    }
}
