import Foundation
import LiveryComposition
import LiveryConsole
import LiveryWorkshop
import Testing

@Suite("One brand list: Package.swift's, everything else derived from it")
struct BrandListTests {
    @Test("the generated list, the brands' files and folders and Package.swift's list agree")
    func everyPlaceAgrees() throws {
        let names = try thisCheckout.brandNames()
        #expect(!names.isEmpty)
        #expect(packageBrandIDs == names.map { $0.lowercased() })
        #expect(try packageBrands().map(\.manifest.id.rawValue) == names.map { $0.lowercased() })
        #expect(BrandDoctor.listProblems(registered: packageBrandIDs, checkout: thisCheckout).isEmpty)
        #expect(BrandDoctor.listProblems(registered: packageBrandIDs.reversed(), checkout: thisCheckout).isEmpty)
    }

    @Test("a brand left out of the registration, or a brand folder missing from the list, is a doctor problem")
    func disagreementIsFound() async throws {
        let problems = BrandDoctor.listProblems(
            registered: Array(packageBrandIDs.dropLast()).reversed(), checkout: thisCheckout)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("rebuild the tool") == true)
        try await withTemporaryFolder { folder in
            let manifest = "let brands = [\n    \"Neds\",\n]\n"
            try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            for path in [
                "Brands/Neds/Plugin", "Brands/Stray/Plugin", "Tests/Brands/NedsBrandTests", "Tests/Scenarios/neds",
            ] {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
            }
            let problems = BrandDoctor.listProblems(registered: ["neds"], checkout: PackageCheckout(root: folder))
            #expect(
                problems == [
                    "brand list: Neds is listed but Brands/Neds/Plugin/brand.json is missing",
                    "brand list: Brands/Stray is not in Package.swift's brand list",
                ])
        }
    }

    @Test("the list is read token by token: comments and a trailing comma are fine, and adding changes nothing else")
    func structuralRead() throws {
        let manifest = """
            let header = "let brands = other" // not it
            let brands = [ // the brands
                "Ladbrokes", /* first */
                "Neds"
            ]
            let after = [1, 2]
            """
        let list = try BrandListEdit(manifest: manifest)
        #expect(list.names == ["Ladbrokes", "Neds"])
        let added = list.adding("Sportsbet")
        #expect(try BrandListEdit(manifest: added).names == ["Ladbrokes", "Neds", "Sportsbet"])
        #expect(added.hasPrefix("let header = \"let brands = other\" // not it\nlet brands = [\n    \"Ladbrokes\",\n"))
        #expect(added.hasSuffix("    \"Sportsbet\",\n]\nlet after = [1, 2]"))
    }

    @Test(
        "a list holding anything but plain names is refused with its line, not guessed at",
        arguments: [
            "let brands = [\n    \"A\",\n    name,\n]", "let brands = [\"A\" \"B\"]", "let brands = [\"\\(x)\"]",
            "let brands = [\"A\",", "let brands = [ /* open", "let names = [\"A\"]",
        ])
    func refusesWhatItCannotRead(_ manifest: String) {
        #expect(throws: ToolError.self) { try BrandListEdit(manifest: manifest) }
    }

    @Test("this checkout's manifest reads, and the names it lists are the brand folders")
    func realManifest() throws {
        let list = try thisCheckout.brandList()
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: thisCheckout.root.appendingPathComponent("Brands").path
        )
        .filter {
            FileManager.default.fileExists(atPath: thisCheckout.root.appendingPathComponent("Brands/\($0)/Plugin").path)
        }
        #expect(Set(list.names) == Set(folders))
    }
}
