import Foundation

/// A destination that keeps every event it receives, in arrival order, for
/// tests and headless scenario expectations.
///
/// It receives what any destination with the same permissions would: no
/// secrets, and personal data only of the kinds it was created with.
/// Safe to use from many threads at once.
public final class RecordingDestination: AnalyticsDestination, Sendable {
    // A class (not a value) because a recorder must be shared between the
    // pipeline that fills it and the test that reads it.

    /// The name reported to after-stage observers.
    public let name: String
    /// The personal data kinds this recorder may receive.
    public let permittedPersonalData: Set<PersonalDataKind>

    private let recorded = Locked<[AnalyticsEvent]>([])

    /// An empty recorder called `name`, permitted the given personal data
    /// kinds (none unless told).
    public init(name: String = "recording", permittedPersonalData: Set<PersonalDataKind> = []) {
        self.name = name
        self.permittedPersonalData = permittedPersonalData
    }

    /// Appends `event` to ``events``.
    public func receive(_ event: AnalyticsEvent) {
        recorded.withLock { $0.append(event) }
    }

    /// The events received so far, oldest first.
    public var events: [AnalyticsEvent] { recorded.withLock { $0 } }

    /// The names of the events received so far, oldest first.
    public var names: [String] { events.map(\.name) }

    /// The most recent event received, or `nil` if none.
    public var last: AnalyticsEvent? { recorded.withLock { $0.last } }

    /// How many events have been received.
    public var count: Int { recorded.withLock { $0.count } }

    /// Forgets every event received so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }
}
