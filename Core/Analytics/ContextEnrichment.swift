/// An enrichment-stage plugin that tags every event with fixed context, such
/// as the brand, market, screen and session, as general properties.
///
/// By default the event wins: a key the event already has is left as it is,
/// so a call site that names its own `screen` keeps it. With
/// `overwritesExisting: true` the context wins instead and replaces the
/// event's value (and sensitivity) under each of its keys. Either way, the
/// event's other properties are untouched and the event is never dropped.
///
/// ```swift
/// ContextEnrichment(brand: "alpha", market: "AU", session: sessionID)
/// ```
public struct ContextEnrichment: AnalyticsTransform, Hashable {
    /// The keys used by ``init(brand:market:screen:session:extra:overwritesExisting:)``.
    public enum Key {
        /// `brand`: the identifier of the brand the journey runs for.
        public static let brand = "brand"
        /// `market`: the code of the market the journey runs in, e.g. `AU`.
        public static let market = "market"
        /// `screen`: the screen or step the event happened on.
        public static let screen = "screen"
        /// `session`: an identifier of the journey's session.
        public static let session = "session"
    }

    /// The properties added to every event, all general.
    public let context: [String: AnalyticsValue]
    /// Whether the context replaces a property the event already has under the
    /// same key (`true`) or leaves it (`false`, the default).
    public let overwritesExisting: Bool

    /// An enrichment adding `context` to every event.
    public init(_ context: [String: AnalyticsValue], overwritesExisting: Bool = false) {
        self.context = context
        self.overwritesExisting = overwritesExisting
    }

    /// An enrichment adding the given brand, market, screen and session under
    /// the keys in ``Key`` (each only if not `nil`), plus `extra`. A value in
    /// `extra` under one of those keys is replaced by the named argument when
    /// that argument is not `nil`.
    public init(
        brand: String? = nil,
        market: String? = nil,
        screen: String? = nil,
        session: String? = nil,
        extra: [String: AnalyticsValue] = [:],
        overwritesExisting: Bool = false
    ) {
        var context = extra
        if let brand { context[Key.brand] = .string(brand) }
        if let market { context[Key.market] = .string(market) }
        if let screen { context[Key.screen] = .string(screen) }
        if let session { context[Key.session] = .string(session) }
        self.init(context, overwritesExisting: overwritesExisting)
    }

    /// `event` with the context added as general properties, per
    /// ``overwritesExisting``. Never `nil`.
    public func transform(_ event: AnalyticsEvent) -> AnalyticsEvent? {
        var enriched = event
        for (key, value) in context where overwritesExisting || enriched.properties[key] == nil {
            enriched.properties[key] = AnalyticsProperty(value)
        }
        return enriched
    }
}
