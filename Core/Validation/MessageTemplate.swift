/// Renders message templates: `{name}` is replaced by the parameter `name`;
/// a placeholder without a parameter is left as written.
public enum MessageTemplate {
    /// Fills `template`'s placeholders from `parameters`.
    public static func render(_ template: String, with parameters: [String: String]) -> String {
        let bytes = template.utf8
        guard !parameters.isEmpty, var open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return template }
        var result = ""
        result.reserveCapacity(bytes.count)
        // Braces are ASCII, so every index found in the bytes is also a character boundary of `template`.
        var written = bytes.startIndex
        while true {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
            if let value = parameters[String(template[bytes.index(after: open)..<close])] {
                result += template[written..<open]
                result += value
                written = bytes.index(after: close)
            }
            guard let next = bytes[bytes.index(after: close)...].firstIndex(of: UInt8(ascii: "{")) else { break }
            open = next
        }
        result += template[written...]
        return result
    }
}
