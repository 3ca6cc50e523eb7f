/// Renders message templates: `{name}` is replaced by the parameter `name`;
/// a placeholder without a parameter is left as written.
public enum MessageTemplate {
    /// Fills `template`'s placeholders from `parameters`.
    public static func render(_ template: String, with parameters: [String: String]) -> String {
        guard !parameters.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
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
