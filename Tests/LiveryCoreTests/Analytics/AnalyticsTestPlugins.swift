import Foundation
import LiveryCore

/// A thread-safe append-only log shared between test plugins and the test
/// that reads it.
final class AnalyticsTestLog<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var items: [Element] { storage.withLock { $0 } }
}

/// A transform that logs its label to a shared order log, keeps what it saw,
/// and passes the event on after applying `change`.
struct AnalyticsSpyTransform: AnalyticsTransform {
    let label: String
    let order: AnalyticsTestLog<String>
    let seen = AnalyticsTestLog<AnalyticsEvent>()
    var change: @Sendable (AnalyticsEvent) -> AnalyticsEvent? = { $0 }

    func transform(_ event: AnalyticsEvent) -> AnalyticsEvent? {
        order.append(label)
        seen.append(event)
        return change(event)
    }
}

/// A destination that logs its name to a shared order log and keeps what it received.
struct AnalyticsSpyDestination: AnalyticsDestination {
    let name: String
    var permittedPersonalData: Set<PersonalDataKind> = []
    let order: AnalyticsTestLog<String>
    let received = AnalyticsTestLog<AnalyticsEvent>()

    func receive(_ event: AnalyticsEvent) {
        order.append(name)
        received.append(event)
    }
}

/// A destination that tampers with its copy (changes `field`, adds
/// `tampered`, strips everything else it can) and keeps the tampered copy.
struct AnalyticsTamperingDestination: AnalyticsDestination {
    let name: String
    let permittedPersonalData: Set<PersonalDataKind>
    let kept = AnalyticsTestLog<AnalyticsEvent>()

    func receive(_ event: AnalyticsEvent) {
        var mine = event
        mine.name = "tampered_" + mine.name
        mine.properties["field"] = .general("tampered")
        mine.properties["tampered"] = .general(true)
        mine.properties["email"] = nil
        kept.append(mine)
    }
}

/// An after-stage observer that logs its label and keeps every delivery.
struct AnalyticsSpyObserver: AnalyticsObserver {
    let label: String
    let order: AnalyticsTestLog<String>
    let deliveries = AnalyticsTestLog<AnalyticsDelivery>()

    func observe(_ delivery: AnalyticsDelivery) {
        order.append(label)
        deliveries.append(delivery)
    }
}

extension AnalyticsEvent {
    /// A sign-up event carrying one property of every sensitivity, including
    /// secrets both labelled and mislabelled.
    static var loaded: AnalyticsEvent {
        AnalyticsEvent("signup_submitted", ["field": "email", "step": 2])
            .addingPersonal(.email, "email", "someone@example.com")
            .addingPersonal(.phone, "phone", "0400 000 000")
            .addingPersonal(.dateOfBirth, "dob", "1990-01-31")
            .addingPersonal(.name, "given_name", "Sam")
            .addingPersonal(.address, "street", "1 Main St")
            .addingPersonal(.username, "username", "sam90")
            .addingSecret("pin", "1234")
            .adding("password", "hunter2")
            .adding("Confirm-Password", "hunter2")
            .addingPersonal(.email, "password_hint", "hunter")
    }
}

extension AnalyticsEvent {
    /// The values of the secrets in ``loaded``.
    static let loadedSecretValues: Set<AnalyticsValue> = ["1234", "hunter2", "hunter"]

    /// Whether any property holds one of the secrets of ``loaded`` or is marked secret.
    var carriesLoadedSecret: Bool {
        properties.values.contains { Self.loadedSecretValues.contains($0.value) || $0.sensitivity == .secret }
    }
}
