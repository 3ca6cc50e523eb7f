import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryWorkshop
import Testing

@Suite("livery new: a scaffold is its model's declaration under a new name, written all or nothing")
struct ScaffoldTests {
    /// Every model a new brand can start like, by market: each brand, and none (the market's first).
    static let models: [String] = packageBrandIDs

    @Test("the shipped brands' Swift files are exactly the templates", arguments: packageBrandIDs)
    func shippedBrandsAreTemplates(_ id: String) throws {
        let name = try thisCheckout.brandName(for: id)
        for (path, text) in BrandTemplates(name: name).files {
            let shipped = try String(contentsOf: thisCheckout.root.appendingPathComponent(path), encoding: .utf8)
            #expect(shipped == text, "\(path) differs from its template")
        }
    }

    @Test("a brand like each model has every setting of the model and its own identity", arguments: models)
    func declarationCopiesTheModel(_ modelID: String) throws {
        let model = try #require(try packageBrands().first { $0.manifest.id.rawValue == modelID })
        let copy = try BrandScaffold.declaration(named: "Sportsbet", like: model)
        #expect(copy.manifest.id.rawValue == "sportsbet" && copy.manifest.displayName == "Sportsbet")
        #expect(
            copy.manifest.market == model.manifest.market && copy.manifest.currencyCode == model.manifest.currencyCode)
        #expect(copy.theme.palette == model.theme.palette && copy.theme.typography == model.theme.typography)
        #expect(
            copy.theme.icons.search == "sportsbet.icon.search"
                && (copy.theme.icons.pot != nil) == (model.theme.icons.pot != nil))
        #expect(
            copy.messageTemplates == model.messageTemplates && copy.featureFlagDefaults == model.featureFlagDefaults)
        #expect(copy.appBar == model.appBar && copy.form == model.form && copy.formDefinition == model.formDefinition)
        let written = copy.fileDocument().formatted()
        #expect(
            try BrandDefinition.read(json: Data(written.utf8), file: "brand.json", folder: .files(copy.companionFiles))
                == copy)
        #expect(copy.theme.logo?.svg.contains("<title>Sportsbet</title>") == true, "the new brand's own logo")
        let difference = BrandDifference(
            BrandSettingLines(try BrandConfiguration(model)), BrandSettingLines(try BrandConfiguration(copy)))
        #expect(
            Set(difference.lines.map(\.setting)).isSubset(of: [
                "name", "theme.icon.search", "theme.icon.login", "theme.icon.join",
                "theme.icon.betslip", "theme.icon.balance", "theme.icon.pendingBets", "theme.icon.locker",
                "theme.icon.toolbox",
                "theme.icon.userTray", "theme.icon.pot", "theme.icon.close", "theme.icon.clear", "theme.logo",
            ]), "\(difference.lines)")
    }

    @Test(
        "the scaffold lists the brand file, the Swift files, the model's scenarios renamed, and the brand list",
        arguments: models)
    func scaffoldFiles(_ modelID: String) throws {
        let model = try #require(try packageBrands().first { $0.manifest.id.rawValue == modelID })
        let scaffold = try BrandScaffold(name: "Sportsbet", like: model, in: thisCheckout)
        let scenarios = thisCheckout.scenarioFiles(of: modelID)
        #expect(scaffold.createdPaths.count == 5 + scenarios.count)
        #expect(scaffold.createdPaths.contains("Brands/Sportsbet/Plugin/brand.json"))
        #expect(scaffold.createdPaths.contains("Brands/Sportsbet/Plugin/logo.svg"))
        #expect(scaffold.changedPaths == ["Package.swift"])
        #expect(
            try BrandListEdit(manifest: try #require(scaffold.changes["Package.swift"])).names
                == thisCheckout.brandNames() + ["Sportsbet"])
        for file in scenarios {
            let text = try #require(scaffold.files["Tests/Scenarios/sportsbet/\(file)"])
            #expect(!text.contains(model.manifest.displayName), "\(file) still names \(model.manifest.displayName)")
            #expect(
                text.range(of: "\\b\(modelID)\\b", options: .regularExpression) == nil, "\(file) still names \(modelID)"
            )
        }
    }

    @Test(
        "a name that is not a type name, an id in use or an existing folder is refused before anything is written",
        arguments: [
            "sportsbet", "Sports Bet", "Spörtsbet", "Neds", "NEDS", "", String(repeating: "A", count: 41),
            "S" + String(repeating: "a", count: 199),
        ])
    func badNames(_ name: String) {
        #expect(throws: ToolError.self) {
            try BrandScaffold.check(name: name, existing: thisCheckout.brandNames(), root: thisCheckout.root)
        }
    }

    @Test(
        "a Swift keyword, a standard-library or module name, or a name of the package's own is refused, saying why",
        arguments: [
            ("Self", "Swift keyword"), ("Protocol", "Swift keyword"), ("Type", "Swift keyword"),
            ("Any", "Swift keyword"),
            ("String", "standard-library"), ("Int", "standard-library"), ("Result", "standard-library"),
            ("Foundation", "module"), ("SwiftUI", "module"), ("Testing", "module"),
            ("LiveryCore", "Livery"), ("Livery", "Livery"), ("LiveryNeds", "Livery"),
            ("BrandDeclarations", "Package.swift already declares 'BrandDeclarations'"),
            ("JoinFormFeature", "Package.swift already declares 'JoinFormFeature'"),
        ])
    func reservedNames(_ name: String, _ reason: String) throws {
        let error = #expect(throws: ToolError.self) {
            try BrandScaffold.check(name: name, existing: thisCheckout.brandNames(), root: thisCheckout.root)
        }
        #expect(error?.description.contains(reason) == true, "\(error?.description ?? "no error")")
    }

    @Test(
        "names that only look like reserved ones are fine",
        arguments: ["Sportsbet", "Selfish", "Stringer", "Bet365", "Unibet"])
    func acceptableNames(_ name: String) throws {
        try BrandScaffold.check(name: name, existing: thisCheckout.brandNames(), root: thisCheckout.root)
    }

    @Test("the checkout is the nearest folder above with a brand list, and there is none outside a checkout")
    func enclosingCheckout() async throws {
        try await withTemporaryFolder { folder in
            let deep = folder.appendingPathComponent("Brands/Neds/Plugin")
            try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
            #expect(throws: ToolError.self) { try PackageCheckout.enclosing(deep) }
            try "let brands = [\"Neds\"]\n".write(
                to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            #expect(
                try PackageCheckout.enclosing(deep).root.standardizedFileURL.path == folder.standardizedFileURL.path)
        }
    }

    @Test(
        "written when the manifest loads with the new targets; otherwise nothing is left and Package.swift is restored")
    func allOrNothing() async throws {
        try await withTemporaryFolder { folder in
            let checkout = PackageCheckout(root: folder)
            let manifest = "// swift-tools-version: 6.1\nlet brands = [\n    \"Neds\",\n]\n"
            try manifest.write(to: checkout.manifest, atomically: true, encoding: .utf8)
            let scenarios = checkout.scenarioFolder(of: "neds")
            try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
            try "scenario: Neds signs up\n".write(
                to: scenarios.appendingPathComponent("01.yaml"), atomically: true, encoding: .utf8)
            let before = try snapshot(of: folder)
            let model = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
            let scaffold = try BrandScaffold(name: "Sportsbet", like: model, in: checkout)

            #expect(throws: ToolError.self) { try scaffold.write { () throws(ToolError) in ["SportsbetBrand"] } }
            #expect(try snapshot(of: folder) == before)
            #expect(throws: ToolError.self) {
                try scaffold.write { () throws(ToolError) in throw ToolError("manifest does not load") }
            }
            #expect(try snapshot(of: folder) == before)

            try scaffold.write { () throws(ToolError) in ["SportsbetBrand", "SportsbetApp", "SportsbetBrandTests"] }
            let after = try snapshot(of: folder)
            #expect(Set(after.keys) == Set(before.keys).union(scaffold.createdPaths))
            #expect(after["Tests/Scenarios/sportsbet/01.yaml"] == Data("scenario: Sportsbet signs up\n".utf8))
            #expect(try checkout.brandNames() == ["Neds", "Sportsbet"])
        }
    }

    @Test("a file in the way stops the write and everything written before it is removed")
    func fileInTheWay() async throws {
        try await withTemporaryFolder { folder in
            let checkout = PackageCheckout(root: folder)
            try "let brands = [\"Neds\"]\n".write(to: checkout.manifest, atomically: true, encoding: .utf8)
            let model = try #require(try packageBrands().first { $0.manifest.id.rawValue == "neds" })
            let scaffold = try BrandScaffold(name: "Sportsbet", like: model, in: checkout)
            let blocker = folder.appendingPathComponent("Tests/Brands/SportsbetBrandTests/SportsbetBrandTests.swift")
            try FileManager.default.createDirectory(
                at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "keep me".write(to: blocker, atomically: true, encoding: .utf8)
            let before = try snapshot(of: folder)
            #expect(throws: ToolError.self) { try scaffold.write { () throws(ToolError) in [] } }
            #expect(try snapshot(of: folder) == before)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Brands").path))
        }
    }
}
