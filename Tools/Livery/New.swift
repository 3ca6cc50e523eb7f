import ArgumentParser

extension Livery {
    /// `livery new <Name> --region AU|NZ [--like <brand>]`: scaffolds a brand.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Scaffold a new brand: plugin, app, tests, starter scenarios.")

        @Argument(help: "The brand's name, a Swift identifier such as Sportsbet.")
        var name: String

        @Option(help: "The brand's region: AU or NZ.")
        var region: String

        @Option(help: "An existing brand whose theme colours and app-bar settings to start from.")
        var like: String?

        func run() async throws {
            throw ToolError("livery new: not built yet")
        }
    }
}
