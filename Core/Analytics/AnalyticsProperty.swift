/// One property of an analytics event: a value and how sensitive it is.
public struct AnalyticsProperty: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the event reports: text, a number or a flag.
    public var value: AnalyticsValue
    /// How sensitive the value is, which decides which destinations receive it.
    public var sensitivity: DataSensitivity

    /// A property holding `value` with the given sensitivity (general unless told).
    public init(_ value: AnalyticsValue, sensitivity: DataSensitivity = .general) {
        self.value = value
        self.sensitivity = sensitivity
    }

    /// A property that is not personal data.
    public static func general(_ value: AnalyticsValue) -> AnalyticsProperty {
        AnalyticsProperty(value, sensitivity: .general)
    }

    /// A property holding personal data of the given kind.
    public static func personal(_ kind: PersonalDataKind, _ value: AnalyticsValue) -> AnalyticsProperty {
        AnalyticsProperty(value, sensitivity: .personal(kind))
    }

    /// A property holding a password or similar credential, never delivered.
    public static func secret(_ value: AnalyticsValue) -> AnalyticsProperty {
        AnalyticsProperty(value, sensitivity: .secret)
    }

    /// The value for general properties; a redacted placeholder otherwise, so
    /// that printing or logging a property never reveals personal data:
    /// `<email>` for personal data of kind `email`, `<secret>` for secrets.
    public var description: String {
        switch sensitivity {
        case .general: value.description
        case .personal(let kind): "<\(kind.rawValue)>"
        case .secret: "<secret>"
        }
    }
}
