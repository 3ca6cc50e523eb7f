import AddressLookupFeature
import JoinFormFeature
import LiveryCore

/// The composition root: the brand plugins an entry point ships, registered
/// once at start-up, and the assembly of a headless runtime for one of them,
/// on embedded services or on a server (M3).
///
/// ```swift
/// let composition = try Composition([NedsBrand()])
/// let headless = try composition.headless("neds")
/// let journey = try headless.joinForm()
/// ```
public struct Composition: Sendable {
    /// The registered brands.
    public let registry: BrandRegistry

    /// Registers `plugins`.
    /// - Throws: ``BrandRegistryError/duplicate(_:)`` when two share an id.
    public init(_ plugins: [any BrandPlugin]) throws(BrandRegistryError) {
        registry = try BrandRegistry(plugins)
    }

    /// The brand called `name` (as a person types it) on embedded services:
    /// an account service that validates with the brand's own form
    /// definition and checks the self-exclusion register where the brand
    /// does, the bundled address index, in-memory session and betslip, a
    /// recording analytics sink, the brand's flag defaults and a virtual clock.
    /// - Throws: ``CompositionError`` naming an unknown brand (with the known
    ///   ones) or a definition that does not load. (A missing address index
    ///   shows on the first search, as an address-lookup error.)
    public func headless(_ name: String, options: EmbeddedOptions = EmbeddedOptions()) throws(CompositionError) -> HeadlessRuntime {
        let plugin = try plugin(named: name)
        let region = plugin.manifest.region
        let joinSettings = Self.joinSettings(of: plugin)
        let definition: FormDefinition
        if let given = joinSettings.definition {
            definition = given
        } else {
            do {
                definition = try FormDefinition.standard(for: region)
            } catch {
                throw .definition(plugin.manifest.id, error)
            }
        }
        let clock = VirtualClock()
        let accounts = EmbeddedAccountBackend(
            definition: definition, environment: RuleEnvironment(region: region, wallClock: clock.wallClock()),
            fieldNames: joinSettings.fieldNames, takenUsernames: options.takenUsernames,
            selfExclusionRegister: joinSettings.checksSelfExclusionRegister(in: region) ? options.selfExclusionRegister : nil)
        let addresses = options.addresses ?? BundledAddresses()
        return Self.assemble(plugin, definition: definition, accounts: accounts, addresses: addresses, clock: clock)
    }

    /// The brand called `name` on the server at `backend`: its form definition
    /// from the server's registration config (SPEC J13), accounts and
    /// addresses over HTTP; session, betslip, analytics and clock as on
    /// embedded services.
    /// - Throws: ``CompositionError`` naming an unknown brand, or a definition
    ///   the server could not give.
    public func headless(_ name: String, backend: HTTPServiceConfiguration) async throws(CompositionError) -> HeadlessRuntime {
        let plugin = try plugin(named: name)
        let definition: FormDefinition
        do {
            definition = try await FormDefinition.load(from: backend, brand: plugin.manifest.id)
        } catch {
            throw .definition(plugin.manifest.id, error)
        }
        let addresses = HarmonyAddressLookupService(configuration: HarmonyConfiguration(
            baseURL: backend.baseURL, timeout: backend.timeout, headers: backend.headers))
        return Self.assemble(ServerConfiguredBrand(base: plugin, definition: definition), definition: definition,
                             accounts: HTTPAccountBackend(backend, brand: plugin.manifest.id),
                             addresses: addresses, clock: VirtualClock())
    }

    private func plugin(named name: String) throws(CompositionError) -> any BrandPlugin {
        do {
            return try registry.plugin(named: name)
        } catch {
            throw .brand(error)
        }
    }

    private static func joinSettings(of plugin: any BrandPlugin) -> JoinFormSettings {
        var settings = FeatureSettings()
        plugin.configure(&settings)
        return settings[JoinFormSettings.Key.self]
    }

    private static func assemble(_ plugin: any BrandPlugin, definition: FormDefinition, accounts: any AccountBackend,
                                 addresses: any AddressLookupService, clock: VirtualClock) -> HeadlessRuntime {
        let ledger = ClientLedger(accounts, secretFields: Set(definition.fields.filter { $0.inputType == .password }
            .map(\.name.rawValue)))
        let counted = CountingAddressLookupService(wrapping: addresses)
        let flags = FeatureFlagStore(plugin.featureFlagDefaults)
        let session = EmbeddedClientDetails()
        let betslip = EmbeddedBetslipCount()
        let analytics = RecordingDestination(name: "headless")
        let services = RuntimeServices(clock: EngineClock(clock), wallClock: clock.wallClock(), backend: ledger,
                                       addressLookup: counted, analytics: AnalyticsPipeline(destinations: [analytics]),
                                       featureFlags: flags, clientDetails: session, betslipCount: betslip)
        return HeadlessRuntime(runtime: Runtime(brand: plugin, services: services), clock: clock, flags: flags,
                               session: session, betslip: betslip, analytics: analytics, accounts: ledger,
                               addresses: counted)
    }
}

/// A brand whose join form is the definition a server gave, everything else its own.
struct ServerConfiguredBrand: BrandPlugin {
    let base: any BrandPlugin
    let definition: FormDefinition

    var manifest: BrandManifest { base.manifest }
    var theme: Theme { base.theme }
    var messages: MessageCatalogue { base.messages }
    var featureFlagDefaults: [FeatureFlag: Bool] { base.featureFlagDefaults }
    var analyticsTransforms: [any AnalyticsTransform] { base.analyticsTransforms }

    func configure(_ settings: inout FeatureSettings) {
        base.configure(&settings)
        settings[JoinFormSettings.Key.self].definition = definition
    }
}

/// The bundled address index, read and indexed once per process (an
/// immutable value) on the first search or retrieval, so that assembling a
/// runtime — and a run that never looks an address up — does not pay for it.
struct BundledAddresses: AddressLookupService {
    private static let service = Result { () throws(AddressLookupError) -> EmbeddedAddressLookupService in try .bundled() }

    func suggestions(for query: String, in region: Region, limit: Int) async throws(AddressLookupError) -> [AddressSuggestion] {
        try await Self.service.get().suggestions(for: query, in: region, limit: limit)
    }

    func address(id: String) async throws(AddressLookupError) -> PostalAddress {
        try await Self.service.get().address(id: id)
    }
}

/// Why a headless runtime could not be assembled.
public enum CompositionError: Error, CustomStringConvertible {
    /// The brand is not registered (the error lists the known ones).
    case brand(BrandRegistryError)
    /// The brand's form definition does not load.
    case definition(BrandID, DefinitionError)

    /// What went wrong, naming the brand or the file.
    public var description: String {
        switch self {
        case .brand(let error): error.description
        case .definition(let brand, let error): "brand '\(brand)': its join form definition does not load: \(error)"
        }
    }
}
