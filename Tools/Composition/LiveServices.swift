import AddressLookupFeature
import Foundation
import LiveryCore

/// The two service sets a runtime can be assembled on.
public enum ServiceSet: Sendable {
    /// What an app ships with: the account backend and the address API over
    /// HTTP, the wall clock, and the app's own analytics, flags and sources.
    case live(LiveServices)
    /// Everything in process (a headless run, a test, a preview).
    case embedded(EmbeddedWorld)
}

/// Where a live runtime's join form definition comes from.
public enum DefinitionPolicy: Hashable, Sendable {
    /// The server's (`GET /v2/registration/config`); when that call fails or
    /// answers a definition that does not load, the brand's bundled one, with
    /// the failure reported in ``AssembledRuntime/definitionOrigin``.
    case serverOrBundled
    /// The server's only: assembly fails when it cannot be had.
    case server
    /// The brand's bundled definition; the server is not asked.
    case bundled
}

/// The services an app supplies for a live runtime.
///
/// ```swift
/// let live = LiveServices(
///     accounts: HTTPServiceConfiguration(baseURL: URL(string: "https://api.example.com")!),
///     addresses: HarmonyConfiguration(baseURL: URL(string: "https://address.example.com/v1")!,
///                                     headers: ["x-api-key": key]),
///     analytics: [firebase], flags: remoteConfig, clientDetails: session, betslipCount: betslip)
/// ```
public struct LiveServices: Sendable {
    /// The account backend: username checks, client creation and the registration config.
    public var accounts: HTTPServiceConfiguration
    /// The Harmony-style address API, with its key in the headers.
    public var addresses: HarmonyConfiguration
    /// The destinations analytics events go to, after the personal-data filter.
    public var analytics: [any AnalyticsDestination]
    /// The app's feature flags.
    public var flags: any FeatureFlagService
    /// The app's client session.
    public var clientDetails: any ClientDetailsSource
    /// The app's betslip count.
    public var betslipCount: any BetslipCountSource
    /// The clock debounces and delays wait on: the wall clock unless told.
    public var clock: EngineClock
    /// The calendar date, for minimum ages: the system's unless told.
    public var wallClock: WallClock
    /// Where the join form definition comes from.
    public var definition: DefinitionPolicy
    /// A ledger to record created clients in (for tools and tests); none unless given.
    public var ledger: ClientLedger?
    /// Where to count the calls made to the services (for tools and tests); none unless given.
    public var calls: ServiceCalls?

    /// Live services; see the properties.
    public init(accounts: HTTPServiceConfiguration, addresses: HarmonyConfiguration,
                analytics: [any AnalyticsDestination] = [], flags: any FeatureFlagService = FeatureFlagStore(),
                clientDetails: any ClientDetailsSource = EmbeddedClientDetails(),
                betslipCount: any BetslipCountSource = EmbeddedBetslipCount(),
                clock: EngineClock = .continuous, wallClock: WallClock = .system(calendar: WallClock.gregorianUTC),
                definition: DefinitionPolicy = .serverOrBundled, ledger: ClientLedger? = nil, calls: ServiceCalls? = nil) {
        self.accounts = accounts
        self.addresses = addresses
        self.analytics = analytics
        self.flags = flags
        self.clientDetails = clientDetails
        self.betslipCount = betslipCount
        self.clock = clock
        self.wallClock = wallClock
        self.definition = definition
        self.ledger = ledger
        self.calls = calls
    }

    /// A server's accounts and addresses (both at `server`, as the sandbox
    /// serves them) driven by `world`: its virtual clock and date, flags,
    /// session, betslip, recorded analytics, ledger and call counts. What `livery run
    /// --backend` runs scenarios on. The definition must come from the server.
    ///
    /// With `worldID`, the server world the run made for itself: every
    /// request names it and carries the world's virtual time, and time-outs,
    /// retries and the server's answer delays run on the world's clock
    /// (``LiveryCore/DrivenWorld``), so a scenario sees on the server what it
    /// sees in process.
    public static func server(_ server: HTTPServiceConfiguration, driving world: EmbeddedWorld,
                              worldID: String? = nil) -> LiveServices {
        var server = server
        if let worldID {
            let clock = world.clock, timeZone = world.calendar.timeZone
            server.world = DrivenWorld(id: worldID, clock: EngineClock(clock)) { DrivenWorld.timeText(clock.date, in: timeZone) }
        }
        return LiveServices(accounts: server,
                     addresses: HarmonyConfiguration(baseURL: server.baseURL, timeout: server.timeout, headers: server.headers,
                                                     world: server.world),
                     analytics: [world.analytics], flags: world.flags, clientDetails: world.session,
                     betslipCount: world.betslip, clock: EngineClock(world.clock), wallClock: world.wallClock,
                     definition: .server, ledger: world.ledger, calls: world.calls)
    }
}
