import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore

/// What every command-line tool does with the brands Package.swift lists:
/// one composition root, and brands looked up by name with errors worded
/// for a terminal.
public enum ToolBrands {
    /// The composition root of `brands` (a tool's generated `packageBrands()`).
    /// - Throws: `ToolError` when a brand file does not load or a brand is registered twice.
    public static func composition(_ brands: () throws(DeclarationError) -> [BrandDefinition]) throws(ToolError)
        -> Composition
    {
        do {
            return try Composition(brands())
        } catch {
            throw ToolError("\(error)")
        }
    }

    /// The composition root of the brands `loads` (a tool's generated
    /// `packageBrandLoads()`): those that loaded are registered, and each that
    /// did not is named with why, so one broken brand file or market pack
    /// stops only its own brand.
    /// - Throws: `ToolError` when a brand is registered twice.
    public static func composition(
        loading loads: [(id: String, load: Result<BrandDefinition, DeclarationError>)]
    ) throws(ToolError) -> Composition {
        var brands: [BrandDefinition] = []
        var unavailable: [BrandID: String] = [:]
        for (id, load) in loads {
            switch load {
            case .success(let brand): brands.append(brand)
            case .failure(let error): if let id = BrandID(rawValue: id) { unavailable[id] = error.description }
            }
        }
        do {
            return try Composition(brands, unavailable: unavailable)
        } catch {
            throw ToolError("\(error)")
        }
    }

    /// The shipped market packs, or a tool error naming the pack, line and key that do not read (exit 2).
    public static func markets() throws(ToolError) -> MarketCatalogue {
        do {
            return try MarketCatalogue.shipped()
        } catch {
            throw ToolError("\(error)")
        }
    }

    /// `composition` with the brand declared in the brand file at `path` (its
    /// logo read beside it) in place of the registered brand of its id: a
    /// brand file checked or run before it is built in.
    /// - Throws: `ToolError` naming the file and what is wrong in it.
    public static func composition(_ composition: Composition, withBrandFile path: String) throws(ToolError)
        -> Composition
    {
        let url = URL(fileURLWithPath: path)
        do {
            let data = try FileInput.read(atPath: path, limit: BrandDefinition.maximumFileSize, kind: "brand files")
            let brand = try BrandDefinition.read(
                json: data, file: path, folder: .directory(url.deletingLastPathComponent()))
            return try composition.replacing(with: brand)
        } catch let refusal as FileInput.Refusal {
            throw ToolError("\(path): \(refusal)")
        } catch {
            throw ToolError("\(error)")
        }
    }

    /// The registered brand called `name` (as a person typed it).
    public static func brand(_ name: String, in composition: Composition) throws(ToolError) -> any BrandPlugin {
        do {
            return try composition.registry.plugin(named: name)
        } catch {
            if let id = BrandID(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()),
                let reason = composition.unavailable[id]
            {
                throw ToolError("\(CompositionError.unavailable(id, reason))")
            }
            throw ToolError("\(error)")
        }
    }

    /// The configuration of the brand called `name`.
    public static func configuration(_ name: String, in composition: Composition) throws(ToolError)
        -> BrandConfiguration
    {
        do {
            return try composition.configuration(of: name)
        } catch {
            throw ToolError("\(error)")
        }
    }
}
