import AppBarFeature
import JoinFormFeature
import LiveryCore

/// What the composition root reads from one brand's plugin before it
/// assembles anything: the plugin, its join-form settings and the form
/// definition it ships (its own, or its market's standard one). The sandbox
/// serves brands from the same reading, so both agree on every rule.
public struct BrandConfiguration: Sendable {
    /// The brand's plugin.
    public let plugin: any BrandPlugin
    /// The brand's join-form settings.
    public let join: JoinFormSettings
    /// The brand's app-bar settings.
    public let appBar: AppBarSettings
    /// The form definition the brand ships: used on embedded services, and on
    /// live services when the server's cannot be had (see ``DefinitionPolicy``).
    public let bundledDefinition: FormDefinition

    /// The brand's id.
    public var id: BrandID { plugin.manifest.id }
    /// The brand's market.
    public var market: Market { plugin.manifest.market }
    /// Whether creating a client checks the self-exclusion register.
    public var checksSelfExclusionRegister: Bool { join.checksSelfExclusionRegister(in: market) }

    /// Reads `plugin`.
    /// - Throws: ``CompositionError/definition(_:_:)`` when its definition does not load.
    public init(_ plugin: any BrandPlugin) throws(CompositionError) {
        let settings = plugin.featureSettings
        self.plugin = plugin
        join = settings[JoinFormSettings.Key.self]
        appBar = settings[AppBarSettings.Key.self]
        do {
            bundledDefinition = try join.form(in: plugin.manifest.market)
        } catch {
            throw .definition(plugin.manifest.id, error)
        }
    }

    /// The names of the definition's `Password` fields: never kept or logged.
    public var secretFields: Set<String> { bundledDefinition.secretFieldNames }
}
