/// One rule that a value broke: its stable code, the parameters the rule was
/// built with, and a default (English) message.
///
/// Parameters are strings so that a violation can be rendered by any message
/// catalogue, logged, sent in a server answer or compared in a test. A
/// violation never contains the value that was checked: values may be
/// personal data or a password.
///
/// A violation is a value; its parts are kept together in one shared,
/// immutable box, so passing one around costs one reference count and two
/// copies of the same violation compare equal without reading their parts.
public struct RuleViolation: Hashable, Sendable, Codable, CustomStringConvertible {
    private final class Parts: Sendable {
        let code: RuleCode
        let parameters: [String: String]
        let message: String

        init(code: RuleCode, parameters: [String: String], message: String) {
            self.code = code
            self.parameters = parameters
            self.message = message
        }
    }

    private var parts: Parts

    /// The stable code, e.g. `length.min`.
    public var code: RuleCode {
        get { parts.code }
        set { parts = Parts(code: newValue, parameters: parts.parameters, message: parts.message) }
    }

    /// The rule's parameters by name, e.g. `["minimum": "8"]`.
    public var parameters: [String: String] {
        get { parts.parameters }
        set { parts = Parts(code: parts.code, parameters: newValue, message: parts.message) }
    }

    /// The default message with its parameters filled in.
    public var message: String {
        get { parts.message }
        set { parts = Parts(code: parts.code, parameters: parts.parameters, message: newValue) }
    }

    /// Creates a violation whose message is `template` with each `{name}`
    /// placeholder replaced by the parameter of that name.
    public init(code: RuleCode, parameters: [String: String] = [:], template: String) {
        parts = Parts(code: code, parameters: parameters, message: MessageTemplate.render(template, with: parameters))
    }

    /// Whether `other` is this very violation (one box), not merely an equal one.
    func isSameInstance(as other: RuleViolation) -> Bool { parts === other.parts }

    /// `code: message`, for diagnostics.
    public var description: String { "\(code): \(message)" }

    public static func == (lhs: RuleViolation, rhs: RuleViolation) -> Bool {
        lhs.parts === rhs.parts
            || (lhs.code == rhs.code && lhs.message == rhs.message && lhs.parameters == rhs.parameters)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(parameters)
        hasher.combine(message)
    }

    private enum CodingKeys: String, CodingKey {
        case code, parameters, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parts = Parts(
            code: try container.decode(RuleCode.self, forKey: .code),
            parameters: try container.decode([String: String].self, forKey: .parameters),
            message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(message, forKey: .message)
    }
}
