/// The side effects a runtime's engines may use: time, the account backend,
/// address lookup, analytics, feature flags, and the signed-in client's
/// details and betslip count. Engines reach the outside world only through these.
public struct RuntimeServices: Sendable {
    /// The clock debounces and delays wait on.
    public var clock: EngineClock
    /// The calendar date, for date-dependent rules.
    public var wallClock: WallClock
    /// Username checks and client creation.
    public var backend: any AccountBackend
    /// Address search and retrieval.
    public var addressLookup: any AddressLookupService
    /// Where analytics events go.
    public var analytics: AnalyticsPipeline
    /// Remotely controlled switches.
    public var featureFlags: any FeatureFlagService
    /// Sign-in state, balance, pending bets, social profile and promotions
    /// balance; one instance shared by every engine of the runtime, so each
    /// new screen starts from the latest known details.
    public var clientDetails: any ClientDetailsSource
    /// The betslip's selection count, shared like ``clientDetails``.
    public var betslipCount: any BetslipCountSource

    /// A set of services. Client details and the betslip count default to
    /// fresh in-memory sources (signed out, an empty betslip).
    public init(
        clock: EngineClock, wallClock: WallClock, backend: any AccountBackend,
        addressLookup: any AddressLookupService, analytics: AnalyticsPipeline,
        featureFlags: any FeatureFlagService,
        clientDetails: any ClientDetailsSource = EmbeddedClientDetails(),
        betslipCount: any BetslipCountSource = EmbeddedBetslipCount()
    ) {
        self.clock = clock
        self.wallClock = wallClock
        self.backend = backend
        self.addressLookup = addressLookup
        self.analytics = analytics
        self.featureFlags = featureFlags
        self.clientDetails = clientDetails
        self.betslipCount = betslipCount
    }
}
