import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// The composition root: the brand plugins an entry point ships, registered
/// once at start-up, and the one place a brand's runtime is assembled — on
/// live services for an app, on embedded services for a headless run, a test
/// or a preview. Every entry point assembles through ``assemble(_:on:)``,
/// the way a Hummingbird app's `main` and its tests share one `buildApplication`.
///
/// ```swift
/// let composition = try Composition([NedsBrand.load()])
/// let assembled = try await composition.assemble("neds", on: .embedded(EmbeddedWorld()))
/// let join = try assembled.runtime.joinForm()       // a main-actor store
/// join.send(.focus(.field("email")))
/// ```
public struct Composition: Sendable {
    /// The registered brands.
    public let registry: BrandRegistry
    /// Brands an entry point ships that could not be loaded, by id, with why:
    /// asking for one names the reason, and every other brand still runs.
    public let unavailable: [BrandID: String]

    /// Registers `plugins`; `unavailable` names the brands that could not be
    /// loaded and why (a tool's brand whose file or market pack does not read).
    /// - Throws: `BrandRegistryError/duplicate(_:)` when two share an id.
    public init(_ plugins: [any BrandPlugin], unavailable: [BrandID: String] = [:]) throws(BrandRegistryError) {
        registry = try BrandRegistry(plugins)
        self.unavailable = unavailable
    }

    /// The registered brands with `plugin` in place of the one with its id
    /// (or beside them, for a brand not registered yet): a brand being edited.
    /// - Throws: `BrandRegistryError` as ``init(_:unavailable:)`` does.
    public func replacing(with plugin: any BrandPlugin) throws(BrandRegistryError) -> Composition {
        var plugins: [any BrandPlugin] = []
        for id in registry.ids where id != plugin.manifest.id { plugins.append(try registry.plugin(id)) }
        return try Composition(plugins + [plugin], unavailable: unavailable.filter { $0.key != plugin.manifest.id })
    }

    /// The configuration of the brand called `name` (as a person types it).
    /// - Throws: ``CompositionError`` naming an unknown brand (with the known
    ///   ones) or a definition that does not load.
    public func configuration(of name: String) throws(CompositionError) -> BrandConfiguration {
        let plugin: any BrandPlugin
        do {
            plugin = try registry.plugin(named: name)
        } catch {
            let cleaned = name.trimmingCharacters(in: .whitespaces).lowercased()
            if let id = BrandID(rawValue: cleaned), let reason = unavailable[id] { throw .unavailable(id, reason) }
            throw .brand(error)
        }
        return try BrandConfiguration(plugin)
    }

    /// The brand called `name`, assembled on `services`.
    ///
    /// - Live: the app's account service (``LiveServices/accounts``: over HTTP
    ///   or its own; an idempotency key per registration) and address service,
    ///   its clock, analytics destinations, flags, session and betslip; the
    ///   join form definition from its source or the bundled one, by
    ///   ``LiveServices/definition``.
    /// - Embedded: an account service that validates with the brand's own
    ///   definition and checks the self-exclusion register where the brand
    ///   does, the world's address service, session, betslip, flags,
    ///   recorded analytics and virtual clock.
    ///
    /// Either way the brand's flag defaults apply under the flags given, and
    /// analytics events are tagged with the brand and market.
    ///
    /// Assembly is `async` on either service set (a live definition may be
    /// fetched); on embedded services it never waits.
    /// - Throws: ``CompositionError``: an unknown brand, an address of one of
    ///   Livery's HTTP services that is not an http(s) URL with a host, or a
    ///   definition that cannot be had.
    public func assemble(_ name: String, on services: ServiceSet) async throws(CompositionError) -> AssembledRuntime {
        let configuration = try configuration(of: name)
        switch services {
        case .embedded(let world):
            return assemble(
                configuration, definition: configuration.bundledDefinition, origin: .bundled,
                services: embeddedServices(configuration, world))
        case .live(let live):
            try Self.checkServers(live)
            let (definition, origin) = try await definition(of: configuration, live)
            return assemble(
                configuration, definition: definition, origin: origin,
                services: liveServices(configuration, definition: definition, live))
        }
    }

    // MARK: Assembly

    private func assemble(
        _ configuration: BrandConfiguration, definition: FormDefinition, origin: DefinitionOrigin,
        services: RuntimeServices
    ) -> AssembledRuntime {
        let plugin: any BrandPlugin =
            origin == .server
            ? configuration.plugin.with(definition: definition)
            : configuration.plugin
        return AssembledRuntime(
            runtime: Runtime(brand: plugin, services: services), definition: definition, origin: origin)
    }

    private func embeddedServices(_ configuration: BrandConfiguration, _ world: EmbeddedWorld) -> RuntimeServices {
        let market = configuration.market
        let accounts = EmbeddedAccountBackend(
            definition: configuration.bundledDefinition,
            environment: RuleEnvironment(market: market, wallClock: world.wallClock),
            fieldNames: configuration.join.fieldNames, takenUsernames: world.takenUsernames,
            existingAccounts: world.existingAccounts,
            selfExclusionRegister: configuration.checksSelfExclusionRegister ? world.selfExclusionRegister : nil)
        // The ledger records what the service itself stores, whatever becomes of the answer on its way
        // back. As over HTTP: the app's client repeats create-client after a time-out, each attempt meeting
        // the world's faults; the journey's calls are counted as it makes them, each attempt as it is sent.
        let stored = LedgerRecordingBackend(
            base: accounts, ledger: world.ledger, secretFields: configuration.secretFields)
        let call = world.faultedCall
        let attempts = CallCountingBackend(
            base: FaultyAccountBackend(base: stored, call: call), calls: world.calls, counting: [.attempts])
        let client = RepeatingAccountBackend(base: attempts, retry: call.retry, clock: call.clock)
        return RuntimeServices(
            clock: EngineClock(world.clock), wallClock: world.wallClock,
            backend: CallCountingBackend(base: client, calls: world.calls, counting: [.operations]),
            addressLookup: CallCountingAddressLookup(
                base: FaultyAddressLookup(base: world.addresses, call: world.faultedCall),
                calls: world.calls, counting: [.operations, .attempts]),
            analytics: AnalyticsPipeline(destinations: [world.analytics]),
            featureFlags: world.flags, clientDetails: world.session, betslipCount: world.betslip)
    }

    /// The system clock counting days in `market`'s time zone, made once per market.
    private static func marketClock(_ market: Market) -> WallClock {
        marketClocks.value(for: market) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: market.timeZone) ?? TimeZone(identifier: "UTC")!
            return .system(calendar: calendar)
        }
    }

    private static let marketClocks = MadeOnce<Market, WallClock>(limit: 16)

    private func liveServices(
        _ configuration: BrandConfiguration, definition: FormDefinition,
        _ live: LiveServices
    ) -> RuntimeServices {
        var backend = live.accounts
        var addresses = live.addresses
        if let calls = live.calls {
            backend = CallCountingBackend(base: backend, calls: calls)
            addresses = CallCountingAddressLookup(base: addresses, calls: calls)
        }
        if let ledger = live.ledger {
            backend = LedgerRecordingBackend(base: backend, ledger: ledger, secretFields: definition.secretFieldNames)
        }
        return RuntimeServices(
            clock: live.clock, wallClock: live.wallClock ?? Self.marketClock(configuration.market), backend: backend,
            addressLookup: addresses,
            analytics: AnalyticsPipeline(destinations: live.analytics), featureFlags: live.flags,
            clientDetails: live.clientDetails, betslipCount: live.betslipCount)
    }

    /// The definition a live runtime uses, by the policy, and where it came from.
    private func definition(
        of configuration: BrandConfiguration,
        _ live: LiveServices
    ) async throws(CompositionError) -> (FormDefinition, DefinitionOrigin) {
        let source: any FormDefinitionSource
        let fallsBack: Bool
        switch live.definition {
        case .bundled: return (configuration.bundledDefinition, .bundled)
        case .server(let server): (source, fallsBack) = (server, false)
        case .serverOrBundled(let server): (source, fallsBack) = (server, true)
        }
        do {
            return (try await source.definition(for: configuration.id), .server)
        } catch {
            let failure = CompositionError.definition(configuration.id, error)
            guard fallsBack else { throw failure }
            return (configuration.bundledDefinition, .bundledAfterServerFailure(failure))
        }
    }

    /// The addresses of Livery's own HTTP services among `live`'s, checked
    /// before anything is sent (an app's own services check their own).
    private static func checkServers(_ live: LiveServices) throws(CompositionError) {
        var addresses: [(URL, String)] = []
        if let http = live.accounts as? HTTPAccountBackend {
            addresses.append((http.configuration.baseURL, "the account service"))
        }
        if let harmony = live.addresses as? HarmonyAddressLookupService {
            addresses.append((harmony.configuration.baseURL, "the address service"))
        }
        switch live.definition {
        case .server(let source as HTTPFormDefinitionSource), .serverOrBundled(let source as HTTPFormDefinitionSource):
            addresses.append((source.configuration.baseURL, "the registration config"))
        default: break
        }
        for (url, role) in addresses {
            if let problem = HTTPExchange.problem(with: url) {
                throw .invalidServer(url.absoluteString, "\(role) \(problem)")
            }
        }
    }
}

/// A brand's assembled runtime, and where its join form definition came from.
public struct AssembledRuntime: Sendable {
    /// The runtime: its stores come from `joinForm()`, `appBar(options:)` and `addressLookup()`.
    public let runtime: Runtime
    /// The join form definition the runtime uses.
    public let definition: FormDefinition
    /// Where ``definition`` came from; a server failure the runtime fell back from is kept here.
    public let origin: DefinitionOrigin
}

/// Where a runtime's join form definition came from.
public enum DefinitionOrigin: Equatable, Sendable, CustomStringConvertible {
    /// The brand's bundled definition, as asked.
    case bundled
    /// The server's registration config.
    case server
    /// The bundled definition, because the server's could not be had: why.
    case bundledAfterServerFailure(CompositionError)

    /// Where it came from, and why when the server's was not used.
    public var description: String {
        switch self {
        case .bundled: "the brand's bundled definition"
        case .server: "the server's registration config"
        case .bundledAfterServerFailure(let failure): "the brand's bundled definition, because \(failure)"
        }
    }
}

/// Why a runtime could not be assembled, naming what was wrong.
public enum CompositionError: Error, Equatable, CustomStringConvertible {
    /// The brand is not registered (the error lists the known ones).
    case brand(BrandRegistryError)
    /// The brand's form definition does not load, or the server's could not be had.
    case definition(BrandID, DefinitionError)
    /// A server address that cannot be used: the address, and why.
    case invalidServer(String, String)
    /// The brand is shipped but could not be loaded: its id, and why.
    case unavailable(BrandID, String)

    /// What went wrong, naming the brand, the address or the file.
    public var description: String {
        switch self {
        case .brand(let error): error.description
        case .definition(let brand, let error): "brand '\(brand)': its join form definition cannot be had: \(error)"
        case .invalidServer(let address, let reason): "'\(address)': \(reason)"
        case .unavailable(let brand, let reason): "brand '\(brand)' could not be loaded: \(reason)"
        }
    }
}
