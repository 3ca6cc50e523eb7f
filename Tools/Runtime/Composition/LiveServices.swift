import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two service sets a runtime can be assembled on.
public enum ServiceSet: Sendable {
    /// What an app ships with: the account backend and the address API over
    /// HTTP, the wall clock, and the app's own analytics, flags and sources.
    case live(LiveServices)
    /// Everything in process (a headless run, a test, a preview).
    case embedded(EmbeddedWorld)
}

/// Where a live runtime's join form definition comes from.
public enum DefinitionPolicy: Sendable {
    /// The source's (a server's registration config, e.g. `.http(configuration)`);
    /// when it cannot be had or does not load, the brand's bundled one, with
    /// the failure reported in ``AssembledRuntime/origin``.
    case serverOrBundled(any FormDefinitionSource)
    /// The source's only: assembly fails when it cannot be had.
    case server(any FormDefinitionSource)
    /// The brand's bundled definition; nothing is asked.
    case bundled
}

/// The services an app supplies for a live runtime. Each is an interface:
/// Livery's HTTP implementations (`.http(…)` for accounts, `.harmony(…)`
/// for addresses) or the app's own, calling its backends through its own
/// networking.
///
/// ```swift
/// let live = LiveServices(
///     accounts: .http(HTTPServiceConfiguration(baseURL: apiURL, headerProvider: tokens), session: pinnedSession),
///     addresses: .harmony(HarmonyConfiguration(baseURL: harmonyURL, headers: ["x-api-key": key])),
///     definition: .serverOrBundled(.http(HTTPServiceConfiguration(baseURL: apiURL))),
///     analytics: [firebase], flags: remoteConfig, clientDetails: session, betslipCount: betslip)
/// ```
public struct LiveServices: Sendable {
    /// The account service: username checks and client creation.
    public var accounts: any AccountBackend
    /// The address service: search as a person types, retrieval on selection.
    public var addresses: any AddressLookupService
    /// Where the join form definition comes from.
    public var definition: DefinitionPolicy
    /// The destinations analytics events go to, after the personal-data filter.
    public var analytics: [any AnalyticsDestination]
    /// The app's feature flags.
    public var flags: any FeatureFlagService
    /// The app's client session.
    public var clientDetails: any ClientDetailsSource
    /// The app's betslip count.
    public var betslipCount: any BetslipCountSource
    /// The clock debounces and delays wait on: the wall clock unless told.
    /// The HTTP clients' time-outs and retry budgets do not wait on it: they
    /// stay on the wall clock, even when this is a `VirtualClock`.
    public var clock: EngineClock
    /// The calendar date, for minimum ages: unless told, the system's, its
    /// days counted in the time zone of the brand's market (its pack's).
    /// `VirtualClock.wallClock()` moves it with a virtual ``clock``.
    public var wallClock: WallClock?
    /// A ledger to record created clients in (for tools and tests); none unless given.
    public var ledger: ClientLedger?
    /// Where to count the calls made to the services (for tools and tests); none unless given.
    public var calls: ServiceCalls?

    /// Live services on the app's own account and address services; see the properties.
    /// The definition is the brand's bundled one unless a source is given.
    public init(
        accounts: any AccountBackend, addresses: any AddressLookupService,
        definition: DefinitionPolicy = .bundled,
        analytics: [any AnalyticsDestination] = [], flags: any FeatureFlagService = FeatureFlagStore(),
        clientDetails: any ClientDetailsSource = EmbeddedClientDetails(),
        betslipCount: any BetslipCountSource = EmbeddedBetslipCount(),
        clock: EngineClock = .continuous, wallClock: WallClock? = nil,
        ledger: ClientLedger? = nil, calls: ServiceCalls? = nil
    ) {
        self.accounts = accounts
        self.addresses = addresses
        self.definition = definition
        self.analytics = analytics
        self.flags = flags
        self.clientDetails = clientDetails
        self.betslipCount = betslipCount
        self.clock = clock
        self.wallClock = wallClock
        self.ledger = ledger
        self.calls = calls
    }

    /// Live services over HTTP: the account API and its registration config
    /// at `accounts`, the Harmony address API at `addresses`, each on
    /// `session` (an ephemeral one by default). The definition is the
    /// server's, or the bundled one when the server's cannot be had, unless
    /// `definition` says otherwise.
    public init(
        accounts: HTTPServiceConfiguration, addresses: HarmonyConfiguration, definition: DefinitionPolicy? = nil,
        session: any HTTPTransport = URLSession(configuration: .ephemeral),
        analytics: [any AnalyticsDestination] = [], flags: any FeatureFlagService = FeatureFlagStore(),
        clientDetails: any ClientDetailsSource = EmbeddedClientDetails(),
        betslipCount: any BetslipCountSource = EmbeddedBetslipCount(),
        clock: EngineClock = .continuous, wallClock: WallClock? = nil,
        ledger: ClientLedger? = nil, calls: ServiceCalls? = nil
    ) {
        self.init(
            accounts: .http(accounts, session: session), addresses: .harmony(addresses, session: session),
            definition: definition ?? .serverOrBundled(.http(accounts, session: session)),
            analytics: analytics, flags: flags, clientDetails: clientDetails, betslipCount: betslipCount,
            clock: clock, wallClock: wallClock, ledger: ledger, calls: calls)
    }

    /// A server's accounts and addresses (both at `server`, as the sandbox
    /// serves them) driven by `world`: its virtual clock and date, flags,
    /// session, betslip, recorded analytics and call counts (each request
    /// sent counted as an attempt). What `livery run --backend` runs
    /// scenarios on. The definition must come from the server. The clients
    /// it creates are the server's to tell: the world's ledger is left out,
    /// so nothing reads the app's own idea of what it stored.
    ///
    /// With `worldID`, the server world the run made for itself: every
    /// request names it and carries the world's virtual time, and time-outs,
    /// retries and the server's answer delays run on the world's clock
    /// (`LiveryCore/DrivenWorld`), so a scenario sees on the server what it
    /// sees in process. Requests travel on `session` (an ephemeral
    /// `URLSession` by default, or any `LiveryCore/HTTPTransport`).
    public static func server(
        _ server: HTTPServiceConfiguration, driving world: EmbeddedWorld,
        worldID: String? = nil, session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) -> LiveServices {
        var server = server
        let session = AttemptCountingTransport(base: session, calls: world.calls, basePath: server.baseURL.path)
        if let worldID {
            let clock = world.clock
            let timeZone = world.calendar.timeZone
            server.world = DrivenWorld(id: worldID, clock: EngineClock(clock)) {
                DrivenWorld.timeText(clock.date, in: timeZone)
            }
        }
        return LiveServices(
            accounts: server,
            addresses: HarmonyConfiguration(
                baseURL: server.baseURL, timeout: server.timeout, headers: server.headers,
                headerProvider: server.headerProvider, world: server.world),
            definition: .server(.http(server, session: session)), session: session,
            analytics: [world.analytics], flags: world.flags, clientDetails: world.session,
            betslipCount: world.betslip, clock: EngineClock(world.clock), wallClock: world.wallClock,
            calls: world.calls)
    }
}
