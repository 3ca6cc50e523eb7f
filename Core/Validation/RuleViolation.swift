/// One rule that a value broke: its stable code, the parameters the rule was
/// built with, and a default (English) message.
///
/// Parameters are strings so that a violation can be rendered by any message
/// catalogue, logged, sent in a server answer or compared in a test. A
/// violation never contains the value that was checked: values may be
/// personal data or a password.
public struct RuleViolation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stable code, e.g. `length.min`.
    public var code: RuleCode
    /// The rule's parameters by name, e.g. `["minimum": "8"]`.
    public var parameters: [String: String]
    /// The default message with its parameters filled in.
    public var message: String

    /// Creates a violation whose message is `template` with each `{name}`
    /// placeholder replaced by the parameter of that name.
    public init(code: RuleCode, parameters: [String: String] = [:], template: String) {
        self.code = code
        self.parameters = parameters
        self.message = MessageTemplate.render(template, with: parameters)
    }

    /// `code: message`, for diagnostics.
    public var description: String { "\(code): \(message)" }
}
