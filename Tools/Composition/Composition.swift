import AddressLookupFeature
import JoinFormFeature
import LiveryCore

/// The composition root: the brand plugins an entry point ships, registered
/// once at start-up, and the assembly of a headless runtime for one of them
/// on embedded services (M3).
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
    ///   ones), a definition that does not load, or a missing address index.
    public func headless(_ name: String, options: EmbeddedOptions = EmbeddedOptions()) throws(CompositionError) -> HeadlessRuntime {
        let plugin: any BrandPlugin
        do {
            plugin = try registry.plugin(named: name)
        } catch {
            throw .brand(error)
        }
        var settings = FeatureSettings()
        plugin.configure(&settings)
        let region = plugin.manifest.region
        let joinSettings = settings[JoinFormSettings.Key.self]
        let definition: FormDefinition
        do {
            definition = try joinSettings.definition ?? FormDefinition.standard(for: region)
        } catch let error as DefinitionError {
            throw .definition(plugin.manifest.id, error)
        } catch {
            throw .definition(plugin.manifest.id, .malformedJSON(path: "", reason: "\(error)"))
        }
        let clock = VirtualClock()
        let accounts = EmbeddedAccountBackend(
            definition: definition, environment: RuleEnvironment(region: region, wallClock: clock.wallClock()),
            fieldNames: joinSettings.fieldNames, takenUsernames: options.takenUsernames,
            selfExclusionRegister: joinSettings.checksSelfExclusionRegister(in: region) ? options.selfExclusionRegister : nil)
        let addresses: CountingAddressLookupService
        if let given = options.addresses {
            addresses = CountingAddressLookupService(wrapping: given)
        } else {
            do {
                addresses = CountingAddressLookupService(wrapping: try BundledAddresses.service.get())
            } catch {
                throw .addresses(error)
            }
        }
        let flags = FeatureFlagStore(plugin.featureFlagDefaults)
        let session = EmbeddedClientDetails()
        let betslip = EmbeddedBetslipCount()
        let analytics = RecordingDestination(name: "headless")
        let services = RuntimeServices(clock: EngineClock(clock), wallClock: clock.wallClock(), backend: accounts,
                                       addressLookup: addresses, analytics: AnalyticsPipeline(destinations: [analytics]),
                                       featureFlags: flags, clientDetails: session, betslipCount: betslip)
        return HeadlessRuntime(runtime: Runtime(brand: plugin, services: services), clock: clock, flags: flags,
                               session: session, betslip: betslip, analytics: analytics, accounts: accounts,
                               addresses: addresses)
    }
}

/// The bundled address index, read once per process (an immutable value).
enum BundledAddresses {
    static let service = Result { () throws(AddressLookupError) -> EmbeddedAddressLookupService in try .bundled() }
}

/// Why a headless runtime could not be assembled.
public enum CompositionError: Error, CustomStringConvertible {
    /// The brand is not registered (the error lists the known ones).
    case brand(BrandRegistryError)
    /// The brand's form definition does not load.
    case definition(BrandID, DefinitionError)
    /// The bundled address index could not be read.
    case addresses(AddressLookupError)

    /// What went wrong, naming the brand or the file.
    public var description: String {
        switch self {
        case .brand(let error): error.description
        case .definition(let brand, let error): "brand '\(brand)': its join form definition does not load: \(error)"
        case .addresses(let error): "the bundled address index: \(error)"
        }
    }
}
