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

/// Renders message templates: `{name}` is replaced by the parameter `name`;
/// a placeholder without a parameter is left as written.
public enum MessageTemplate {
    /// Fills `template`'s placeholders from `parameters`.
    public static func render(_ template: String, with parameters: [String: String]) -> String {
        guard !parameters.isEmpty, template.contains("{") else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count)
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = parameters[name] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}
