import LiveryComposition
import LiveryCore

/// Every brand this package ships (generated from Package.swift's brand
/// list), for tests that hold for each of them.
enum AllBrands {
    /// The brands' ids, in the list's order.
    static var ids: [String] { packageBrandIDs }

    /// Every brand, read from its `brand.json`.
    static func plugins() throws -> [any BrandPlugin] { try packageBrands() }

    /// The brand `id`.
    static func plugin(_ id: String) throws -> any BrandPlugin {
        guard let plugin = try packageBrands().first(where: { $0.manifest.id.rawValue == id }) else {
            throw BrandRegistryError.unknown(id, known: [])
        }
        return plugin
    }
}
