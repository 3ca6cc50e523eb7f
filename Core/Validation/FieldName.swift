/// The name of a field in a form, e.g. `email` or `address.postcode`.
public struct FieldName: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name as written.
    public let rawValue: String

    /// The field called `rawValue` in a form definition (`email`, `dateOfBirth`).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The field called `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Orders names alphabetically.
    public static func < (lhs: FieldName, rhs: FieldName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name as written.
    public var description: String { rawValue }
}

/// A field's name together with the type of its value.
///
/// Keys make cross-field reads and submitted values typed: reading a key of
/// the wrong type is a compile error, not a silent pass.
public struct FieldKey<Value>: Hashable, Sendable, CustomStringConvertible {
    /// The field's name.
    public let name: FieldName

    /// A key for the field called `name` whose value has type `Value`.
    public init(_ name: FieldName) { self.name = name }

    /// The field's name, as definitions and messages write it.
    public var description: String { name.rawValue }
}
