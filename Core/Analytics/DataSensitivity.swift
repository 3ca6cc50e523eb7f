/// How sensitive the value of an analytics property is, which decides where it
/// may be delivered.
public enum DataSensitivity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Not personal: delivered to every destination (unless its key names a
    /// secret, see ``PersonalDataFilter/isSecretKey(_:)``).
    case general
    /// Personal data of the given kind: delivered only to a destination whose
    /// ``AnalyticsDestination/permittedPersonalData`` contains the kind.
    case personal(PersonalDataKind)
    /// A password or similar credential: removed before the first plugin runs
    /// and never delivered to any destination or shown to any plugin.
    case secret

    /// The kind of personal data, or `nil` for ``general`` and ``secret``.
    public var personalKind: PersonalDataKind? {
        if case .personal(let kind) = self { return kind }
        return nil
    }

    /// `general`, `personal(<kind>)` or `secret`.
    public var description: String {
        switch self {
        case .general: "general"
        case .personal(let kind): "personal(\(kind.rawValue))"
        case .secret: "secret"
        }
    }
}
