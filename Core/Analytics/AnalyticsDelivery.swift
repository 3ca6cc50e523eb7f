/// What an ``AnalyticsPipeline`` delivered for one tracked event, as shown to
/// after-stage observers and returned by ``AnalyticsPipeline/track(_:)``.
public struct AnalyticsDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The event as it left the enrichment stage, with every secret and every
    /// personal data property removed (whatever the destinations were permitted).
    public var event: AnalyticsEvent
    /// The ``AnalyticsDestination/name`` of each destination that received a
    /// copy, in pipeline order; empty if the pipeline has no destinations.
    public var destinationNames: [String]

    /// A delivery of `event` to the destinations called `destinationNames`.
    public init(event: AnalyticsEvent, destinationNames: [String]) {
        self.event = event
        self.destinationNames = destinationNames
    }

    /// The event followed by the destination names, e.g.
    /// `field_focused {field=email} -> [vendor, recording]`.
    public var description: String { "\(event) -> [\(destinationNames.joined(separator: ", "))]" }
}
