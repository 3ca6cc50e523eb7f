/// A plugin of the **after** stage of an ``AnalyticsPipeline``: told, once
/// the destinations have been called, what was delivered and to whom.
///
/// An observer sees ``AnalyticsDelivery/event`` with all personal data and
/// secrets removed, so it may log or count freely. It is not told about
/// events dropped by the before or enrichment stage. Observers cannot change
/// the event: they run after delivery and each gets its own copy.
public protocol AnalyticsObserver: Sendable {
    /// Called once per delivered event, after every destination has received it.
    func observe(_ delivery: AnalyticsDelivery)
}
