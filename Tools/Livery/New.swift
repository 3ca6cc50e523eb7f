import AppBarFeature
import ArgumentParser
import Foundation
import LiveryCore

extension Livery {
    /// `livery new <Name> --region AU|NZ [--like <brand>]`: scaffolds a brand.
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Scaffold a new brand: plugin, app, tests and starter scenarios, registered everywhere.",
            discussion: """
            The new brand starts like --like (its colours, app-bar settings and scenarios), or like the \
            region's first brand. Nothing in Core/ or Features/ changes. On any failure nothing is left written.
            """)

        @Argument(help: "The brand's name, a Swift type name such as Sportsbet; its id is the name in lower case.")
        var name: String

        @Option(help: "The brand's region: AU or NZ.")
        var region: String

        @Option(help: "An existing brand to start from (default: the region's first brand).")
        var like: String?

        func validate() throws {
            guard Region(code: region) != nil else {
                throw ValidationError("--region must be AU or NZ, not '\(region)'")
            }
        }

        func run() async throws {
            let checkout = try PackageCheckout.current()
            let composition = try Livery.composition()
            guard let region = Region(code: region) else {
                throw ValidationError("--region must be AU or NZ, not '\(self.region)'")
            }
            try BrandScaffold.check(name: name, existing: checkout.brandNames(), root: checkout.root)
            let model: any BrandPlugin
            if let like {
                do {
                    model = try composition.registry.plugin(named: like)
                } catch {
                    throw ToolError(error.description)
                }
                guard model.manifest.region == region else {
                    throw ToolError("--like \(like) is a \(model.manifest.region.code) brand; the new brand is \(region.code)")
                }
            } else {
                guard let first = composition.registry.manifests.first(where: { $0.region == region }) else {
                    throw ToolError("no registered \(region.code) brand to start from; give --like")
                }
                model = try composition.registry.plugin(first.id)
            }
            let scaffold = try BrandScaffold(name: name, region: region, model: model, root: checkout.root)
            try scaffold.write()
            print(Terminal.green("✔ created brand \(name.lowercased())") + " like \(model.manifest.id):")
            for file in scaffold.createdPaths { print("  + \(file)") }
            for file in scaffold.changedPaths { print("  ~ \(file)") }
            print("Next: swift build && livery test \(name.lowercased())")
        }
    }
}

extension Region {
    /// The region with ISO code `code` (`AU`, `NZ`), ignoring case.
    init?(code: String) {
        switch code.uppercased() {
        case "AU": self = .australia
        case "NZ": self = .newZealand
        default: return nil
        }
    }
}
