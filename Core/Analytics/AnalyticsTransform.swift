/// A plugin of the **before** or **enrichment** stage of an
/// ``AnalyticsPipeline``: it gets an event and returns the event to pass on,
/// possibly changed, or `nil` to drop it.
///
/// A dropped event reaches no later plugin, no destination and no after-stage
/// observer. A transform never sees a secret property (the built-in
/// ``PersonalDataFilter`` removes them first), but does see personal data,
/// since some destinations may be permitted to receive it.
///
/// Transforms are `Sendable` values and may be called from several threads at
/// once; they should not hold references back to the pipeline.
public protocol AnalyticsTransform: Sendable {
    /// The event to pass on, or `nil` to drop `event`.
    func transform(_ event: AnalyticsEvent) -> AnalyticsEvent?
}

/// A transform given as a closure, for one-off enrichments and filters.
///
/// ```swift
/// let onlySignUp = AnalyticsClosureTransform { $0.name.hasPrefix("signup_") ? $0 : nil }
/// ```
public struct AnalyticsClosureTransform: AnalyticsTransform {
    private let body: @Sendable (AnalyticsEvent) -> AnalyticsEvent?

    /// A transform that returns whatever `body` returns for each event.
    public init(_ body: @escaping @Sendable (AnalyticsEvent) -> AnalyticsEvent?) {
        self.body = body
    }

    /// The result of the closure for `event`.
    public func transform(_ event: AnalyticsEvent) -> AnalyticsEvent? { body(event) }
}
