/// The scalar value of an analytics property: a string, an integer, a
/// floating-point number or a Boolean.
///
/// Encodes as a plain JSON scalar. Decoding tries, in order, a Boolean, an
/// integer, a floating-point number and a string, so a whole-number `double`
/// written by an encoder that omits the fraction (JSON `2`) decodes as
/// ``int(_:)``.
public enum AnalyticsValue: Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)

    /// A ``string(_:)`` value given as a literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// An ``int(_:)`` value given as a literal.
    public init(integerLiteral value: Int) { self = .int(value) }

    /// A ``double(_:)`` value given as a literal.
    public init(floatLiteral value: Double) { self = .double(value) }

    /// A ``bool(_:)`` value given as a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The string, if this is a ``string(_:)`` value; otherwise `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an ``int(_:)`` value; otherwise `nil`.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number, if this is a ``double(_:)`` value; otherwise `nil`.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is a ``bool(_:)`` value; otherwise `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as text, without quotes: `email`, `42`, `2.5`, `true`.
    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    /// Decodes a plain JSON scalar: a Boolean, else an integer, else a
    /// floating-point number, else a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the value as a plain JSON scalar.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}
