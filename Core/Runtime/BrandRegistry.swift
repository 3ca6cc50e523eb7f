import Foundation

/// The brands an entry point ships, registered once at start-up, and the
/// place runtimes are assembled from.
///
/// A registry is a value owned by its entry point (the `livery` tool, a
/// brand's own product, a test), not a process-wide singleton, so tests for
/// different brands run in parallel.
public struct BrandRegistry: Sendable {
    private let plugins: [BrandID: any BrandPlugin]

    /// Registers `plugins`.
    /// - Throws: ``BrandRegistryError/duplicate(_:)`` when two share an id.
    public init(_ plugins: [any BrandPlugin]) throws(BrandRegistryError) {
        var byID: [BrandID: any BrandPlugin] = [:]
        for plugin in plugins {
            guard byID.updateValue(plugin, forKey: plugin.manifest.id) == nil else {
                throw .duplicate(plugin.manifest.id)
            }
        }
        self.plugins = byID
    }

    /// The registered brands' ids, sorted.
    public var ids: [BrandID] { plugins.keys.sorted() }

    /// The registered brands' manifests, sorted by id.
    public var manifests: [BrandManifest] { ids.compactMap { plugins[$0]?.manifest } }

    /// The plugin registered as `id`.
    /// - Throws: ``BrandRegistryError/unknown(_:known:)`` listing the registered ids.
    public func plugin(_ id: BrandID) throws(BrandRegistryError) -> any BrandPlugin {
        guard let plugin = plugins[id] else { throw .unknown(id.rawValue, known: ids) }
        return plugin
    }

    /// The plugin registered under the name `name` as typed by a person
    /// (case-insensitive, surrounding spaces ignored).
    /// - Throws: ``BrandRegistryError/unknown(_:known:)`` listing the registered ids.
    public func plugin(named name: String) throws(BrandRegistryError) -> any BrandPlugin {
        let cleaned = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let id = BrandID(rawValue: cleaned) else { throw .unknown(name, known: ids) }
        guard let plugin = plugins[id] else { throw .unknown(name, known: ids) }
        return plugin
    }

    /// A runtime for the brand `id` with the services `makeServices` builds for it.
    public func runtime(
        for id: BrandID,
        services makeServices: (any BrandPlugin) -> RuntimeServices
    ) throws(BrandRegistryError) -> Runtime {
        let plugin = try plugin(id)
        return Runtime(brand: plugin, services: makeServices(plugin))
    }
}

/// A registration or lookup that cannot be satisfied.
public enum BrandRegistryError: Error, Equatable, CustomStringConvertible {
    /// Two plugins were registered with this id.
    case duplicate(BrandID)
    /// No plugin is registered under this name; `known` lists the ids that are.
    case unknown(String, known: [BrandID])

    /// What is wrong, with the known brands when a name was not found.
    public var description: String {
        switch self {
        case .duplicate(let id): "two brand plugins are registered with the id '\(id)'"
        case .unknown(let name, let known):
            "unknown brand '\(name)'\(NameSuggestion.closest(to: name, in: known.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""); known brands: \(known.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
