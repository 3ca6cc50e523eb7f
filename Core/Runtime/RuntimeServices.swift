/// The side effects a runtime's engines may use: time, the account backend,
/// address lookup, analytics and feature flags. Engines reach the outside
/// world only through these.
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

    /// A set of services.
    public init(clock: EngineClock, wallClock: WallClock, backend: any AccountBackend,
                addressLookup: any AddressLookupService, analytics: AnalyticsPipeline,
                featureFlags: any FeatureFlagService) {
        self.clock = clock
        self.wallClock = wallClock
        self.backend = backend
        self.addressLookup = addressLookup
        self.analytics = analytics
        self.featureFlags = featureFlags
    }
}
