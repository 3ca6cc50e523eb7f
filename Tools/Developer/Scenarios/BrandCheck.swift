import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore

/// One check of a declared brand, as a test argument: its `brand.json`
/// reads and names the brand its module is named for, the brand passes
/// `BrandConformance`, it has scenario files, or one scenario file passes.
/// Every brand's test target runs ``all(_:)``, so a new brand is tested
/// like every other from its first build.
public struct BrandCheck: Sendable, CustomStringConvertible {
    private enum Kind: Sendable {
        case brandFile, conformance, scenariosPresent
        case scenario(String)
    }

    private let kind: Kind
    private let id: String
    private let load: @Sendable () throws(DeclarationError) -> BrandDefinition

    /// Every check of `brand`: the file, conformance, presence, then each scenario file.
    public static func all<Brand: DeclaredBrand>(_ brand: Brand.Type) -> [BrandCheck] {
        let id = String(describing: Brand.self).replacingOccurrences(of: "Brand", with: "").lowercased()
        return all(id: id) { () throws(DeclarationError) in try Brand.load() }
    }

    /// Every check of the brand `id` that `load` reads (as a tool holds it): the file, conformance, presence, then
    /// each scenario file.
    public static func all(id: String, load: @escaping @Sendable () throws(DeclarationError) -> BrandDefinition)
        -> [BrandCheck]
    {
        let kinds: [Kind] =
            [.brandFile, .conformance, .scenariosPresent] + ScenarioLibrary.fileNames(for: id).map(Kind.scenario)
        return kinds.map { BrandCheck(kind: $0, id: id, load: load) }
    }

    /// What is checked, e.g. `scenario 04-taken-username.yaml`.
    public var description: String {
        switch kind {
        case .brandFile: "brand.json reads and declares \(id)"
        case .conformance: "theme, contrast and join form are fit to ship"
        case .scenariosPresent: "Tests/Scenarios/\(id) has scenario files"
        case .scenario(let file): "scenario \(file)"
        }
    }

    /// What is wrong; empty when the check passes.
    @MainActor
    public func problems() async -> [String] {
        let brand: BrandDefinition
        do {
            brand = try load()
        } catch {
            return [error.description]
        }
        switch kind {
        case .brandFile:
            return brand.manifest.id.rawValue == id
                ? [] : ["brand.json declares id '\(brand.manifest.id)', but the brand is \(id)"]
        case .conformance:
            return BrandConformance.checks(brand).flatMap(\.described)
        case .scenariosPresent:
            return ScenarioLibrary.fileNames(for: id).isEmpty ? ["no scenario files in Tests/Scenarios/\(id)"] : []
        case .scenario(let file):
            do {
                let result = try await ScenarioRunner.runScenario(named: file, of: brand)
                return result.passed ? [] : [result.failure.map { String(describing: $0) } ?? "failed"]
            } catch {
                return ["\(error)"]
            }
        }
    }
}
