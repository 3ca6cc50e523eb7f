import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryScenarios
import LiveryTesting
import LiveryWorkshop
import Testing

@Suite("A scaffolded brand passes at once, for every market and every --like choice (and none)")
struct ScaffoldPassesTests {
    /// Each brand as a model in its own market, no model in each market, and a
    /// brand moved to a market none trades in (with no model, and like one).
    static let choices: [(like: String?, market: Market?)] =
        packageBrandIDs.map { ($0, nil) }
        + [(nil, .australia), (nil, .newZealand), (nil, .greatBritain), ("tabnz", .greatBritain)]

    @Test(
        "its checks pass and every scenario file it starts with passes, as `livery run` runs them",
        arguments: choices.indices)
    @MainActor
    func passes(_ index: Int) async throws {
        let names = try thisCheckout.brandNames()
        let composition = try Composition(packageBrands())
        let (like, chosen) = Self.choices[index]
        let market = try chosen ?? composition.registry.plugin(named: try #require(like)).manifest.market
        let model = try BrandScaffold.model(like: like, market: market, in: composition, order: names)
        let modelID = model.manifest.id.rawValue
        let moved = try composition.registry.plugin(named: modelID).manifest.market != market
        let scenarios =
            moved
            ? try MarketScenarios.files(for: try BrandScaffold.declaration(named: "Sportsbet", like: model)) : nil
        let scaffold = try BrandScaffold(name: "Sportsbet", like: model, in: thisCheckout, scenarios: scenarios)
        let brand = try BrandDefinition.read(
            json: Data(try #require(scaffold.files["Brands/Sportsbet/Plugin/brand.json"]).utf8),
            file: "Sportsbet/brand.json",
            folder: .files(["logo.svg": Data(try #require(scaffold.files["Brands/Sportsbet/Plugin/logo.svg"]).utf8)]))
        #expect(brand.manifest.market == market)
        #expect(BrandConformance.checks(brand).allSatisfy { $0.passed })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "livery-scaffold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var written = 0
        for (path, text) in scaffold.files where path.hasPrefix("Tests/Scenarios/") {
            let url = folder.appendingPathComponent(String(path.dropFirst("Tests/Scenarios/".count)))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            written += 1
        }
        #expect(written == (scenarios?.count ?? thisCheckout.scenarioFiles(of: modelID).count) && written > 0)
        let status = await ScenarioCommand(
            composition: try Composition([brand]), brand: "sportsbet", json: true,
            scenariosDirectory: folder.path
        ).run()
        #expect(status == 0, "a scenario of the brand scaffolded like \(model.manifest.id) failed")
    }
}
