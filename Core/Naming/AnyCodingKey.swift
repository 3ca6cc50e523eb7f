/// A coding key for any member name: for JSON objects whose keys are data
/// (token groups, unknown members to reject, values of any shape).
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    /// The key `name`.
    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
