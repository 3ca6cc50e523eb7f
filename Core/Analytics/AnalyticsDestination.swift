/// A sink of the **destinations** stage of an ``AnalyticsPipeline``, such as
/// an analytics vendor's SDK or a recorder for tests.
///
/// Each destination receives its own copy of each event, from which the
/// pipeline has removed every secret and every personal data property whose
/// kind is not in ``permittedPersonalData``. Because an event is a value,
/// nothing a destination does with its copy changes what another destination,
/// or an after-stage observer, sees.
///
/// Destinations are `Sendable` and may receive events from several threads at
/// once.
public protocol AnalyticsDestination: Sendable {
    /// A name identifying the destination, reported to after-stage observers
    /// in ``AnalyticsDelivery/destinationNames``.
    var name: String { get }

    /// The kinds of personal data this destination may receive. Empty by
    /// default: a destination gets no personal data unless it opts in.
    var permittedPersonalData: Set<PersonalDataKind> { get }

    /// Takes delivery of the destination's filtered copy of an event.
    func receive(_ event: AnalyticsEvent)
}

extension AnalyticsDestination {
    /// No personal data: a destination must opt in to each kind explicitly.
    public var permittedPersonalData: Set<PersonalDataKind> { [] }
}
