/// The analytics pipeline: ordered stages through which every tracked event
/// passes, after the model of segmentio/analytics-swift.
///
/// ``track(_:)`` runs the stages synchronously, on the caller's thread, in
/// this order:
///
/// 1. **before**: the built-in ``PersonalDataFilter`` (always first, not
///    removable), then the ``before`` transforms in order;
/// 2. **enrichment**: the ``enrichment`` transforms in order, e.g.
///    ``ContextEnrichment``;
/// 3. **destinations**: each destination in order receives its own copy,
///    filtered for the personal data it is permitted
///    (``PersonalDataFilter/copy(of:permitting:)``);
/// 4. **after**: each observer in order is told the ``AnalyticsDelivery``: the
///    event without any personal data and the names of the destinations.
///
/// A transform returning `nil` drops the event: later transforms,
/// destinations and observers never see it. Secrets are removed before the
/// first transform and again from every transform's output, so no plugin and
/// no destination ever sees one, even one added by a transform.
///
/// The pipeline is an immutable `Sendable` value; ``adding(before:)`` and its
/// siblings return a changed copy. It may be tracked to from many tasks at
/// once, provided its plugins tolerate concurrent calls (as `Sendable`
/// plugins must); events tracked from one task arrive in the order tracked.
public struct AnalyticsPipeline: Sendable {
    /// The before-stage transforms run after the built-in ``PersonalDataFilter``.
    public let before: [any AnalyticsTransform]
    /// The enrichment-stage transforms.
    public let enrichment: [any AnalyticsTransform]
    /// The sinks, in delivery order.
    public let destinations: [any AnalyticsDestination]
    /// The after-stage observers.
    public let after: [any AnalyticsObserver]

    private let filter = PersonalDataFilter()

    /// A pipeline with the given plugins for each stage. The built-in
    /// ``PersonalDataFilter`` is added in front of `before` implicitly.
    public init(
        before: [any AnalyticsTransform] = [],
        enrichment: [any AnalyticsTransform] = [],
        destinations: [any AnalyticsDestination] = [],
        after: [any AnalyticsObserver] = []
    ) {
        self.before = before
        self.enrichment = enrichment
        self.destinations = destinations
        self.after = after
    }

    /// The ``AnalyticsDestination/name`` of each destination, in delivery order.
    public var destinationNames: [String] { destinations.map(\.name) }

    /// Runs `event` through every stage, as described on ``AnalyticsPipeline``.
    ///
    /// - Returns: what was delivered, as told to the after-stage observers, or
    ///   `nil` if a before or enrichment transform dropped the event.
    @discardableResult
    public func track(_ event: AnalyticsEvent) -> AnalyticsDelivery? {
        var current = filter.removingSecrets(from: event)
        for transform in before + enrichment {
            guard let next = transform.transform(current) else { return nil }
            current = filter.removingSecrets(from: next)
        }
        // `current` holds no secret now: each copy only drops the personal data its receiver may not have.
        var delivered: [String] = []
        delivered.reserveCapacity(destinations.count)
        for destination in destinations {
            destination.receive(filter.keepingPermitted(current, destination.permittedPersonalData))
            delivered.append(destination.name)
        }
        let delivery = AnalyticsDelivery(event: filter.keepingPermitted(current, []), destinationNames: delivered)
        for observer in after {
            observer.observe(delivery)
        }
        return delivery
    }

    /// A copy with `transform` appended to the before stage.
    public func adding(before transform: any AnalyticsTransform) -> AnalyticsPipeline {
        AnalyticsPipeline(
            before: before + [transform], enrichment: enrichment, destinations: destinations, after: after)
    }

    /// A copy with `transform` appended to the enrichment stage.
    public func adding(enrichment transform: any AnalyticsTransform) -> AnalyticsPipeline {
        AnalyticsPipeline(
            before: before, enrichment: enrichment + [transform], destinations: destinations, after: after)
    }

    /// A copy with `destination` appended to the destinations.
    public func adding(destination: any AnalyticsDestination) -> AnalyticsPipeline {
        AnalyticsPipeline(
            before: before, enrichment: enrichment, destinations: destinations + [destination], after: after)
    }

    /// A copy with `observer` appended to the after stage.
    public func adding(after observer: any AnalyticsObserver) -> AnalyticsPipeline {
        AnalyticsPipeline(before: before, enrichment: enrichment, destinations: destinations, after: after + [observer])
    }
}
