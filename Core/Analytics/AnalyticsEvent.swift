/// Something that happened in the journey, such as `field_focused` or
/// `signup_submitted`, with named properties.
///
/// An event is a value: every plugin and every destination works on its own
/// copy, so nothing one of them does to an event changes what another sees.
/// Property keys are unique; adding a property under an existing key replaces it.
///
/// ```swift
/// let event = AnalyticsEvent("field_focused", ["field": "email"])
///     .addingPersonal(.email, "email", "someone@example.com")
///     .addingSecret("password", "hunter2")
/// event["field"]  // .string("email")
/// ```
public struct AnalyticsEvent: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The event's name, e.g. `field_focused`.
    public var name: String
    /// The properties by key.
    public var properties: [String: AnalyticsProperty]

    /// An event called `name` with the given properties.
    public init(name: String, properties: [String: AnalyticsProperty] = [:]) {
        self.name = name
        self.properties = properties
    }

    /// An event called `name` whose properties are the given values, all
    /// ``DataSensitivity/general``.
    public init(_ name: String, _ values: [String: AnalyticsValue] = [:]) {
        self.init(name: name, properties: values.mapValues { AnalyticsProperty($0) })
    }

    /// The value of the property `key`, or `nil` if the event has no such property.
    public subscript(key: String) -> AnalyticsValue? { properties[key]?.value }

    /// The property `key` (value and sensitivity), or `nil` if there is none.
    public func property(_ key: String) -> AnalyticsProperty? { properties[key] }

    /// The property keys in ascending order.
    public var keys: [String] { properties.keys.sorted() }

    /// A copy with `value` under `key` at the given sensitivity, replacing any
    /// property already under `key`.
    public func adding(_ key: String, _ value: AnalyticsValue, sensitivity: DataSensitivity = .general)
        -> AnalyticsEvent
    {
        var copy = self
        copy.properties[key] = AnalyticsProperty(value, sensitivity: sensitivity)
        return copy
    }

    /// A copy with personal data of `kind` under `key`, replacing any property
    /// already under `key`.
    public func addingPersonal(_ kind: PersonalDataKind, _ key: String, _ value: AnalyticsValue) -> AnalyticsEvent {
        adding(key, value, sensitivity: .personal(kind))
    }

    /// A copy with a secret (never delivered) under `key`, replacing any
    /// property already under `key`.
    public func addingSecret(_ key: String, _ value: AnalyticsValue) -> AnalyticsEvent {
        adding(key, value, sensitivity: .secret)
    }

    /// A copy without the property `key`; the same event if there is none.
    public func removing(_ key: String) -> AnalyticsEvent {
        var copy = self
        copy.properties[key] = nil
        return copy
    }

    /// A copy keeping only the properties for which `isIncluded` returns `true`.
    public func filteringProperties(_ isIncluded: (String, AnalyticsProperty) -> Bool) -> AnalyticsEvent {
        // Most events lose nothing: then the event itself is the answer, and no new dictionary is made.
        guard properties.contains(where: { !isIncluded($0.key, $0.value) }) else { return self }
        var copy = self
        copy.properties = properties.filter { isIncluded($0.key, $0.value) }
        return copy
    }

    /// The name followed by the properties in key order, with personal data and
    /// secrets redacted (see ``AnalyticsProperty/description``), e.g.
    /// `field_focused {email=<email>, field=email}`. Safe to log.
    public var description: String {
        if properties.isEmpty { return name }
        let rendered = keys.map { "\($0)=\(properties[$0]!.description)" }.joined(separator: ", ")
        return "\(name) {\(rendered)}"
    }
}
