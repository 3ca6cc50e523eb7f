/// A kind of personal data that an analytics property may carry.
///
/// A property labelled with a kind (``DataSensitivity/personal(_:)``) reaches a
/// destination only if that destination lists the kind in
/// ``AnalyticsDestination/permittedPersonalData``. Passwords are not a kind of
/// personal data here: they are ``DataSensitivity/secret`` and never delivered.
public enum PersonalDataKind: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// An e-mail address.
    case email
    /// A telephone number.
    case phone
    /// A date of birth.
    case dateOfBirth
    /// A person's name: given name, family name or both.
    case name
    /// A postal or residential address, or any part of one.
    case address
    /// A chosen account name or login.
    case username

    /// The raw value, e.g. `dateOfBirth`.
    public var description: String { rawValue }
}
