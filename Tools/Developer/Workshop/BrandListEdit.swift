import LiveryConsole

/// The brand list of a Package.swift, read structurally: the array literal
/// of `let brands = [ … ]`, token by token (string literals, commas,
/// comments and white space, nothing else), so it can be changed without
/// touching any other text of the manifest.
public struct BrandListEdit: Equatable, Sendable {
    /// The manifest's text.
    public let manifest: String
    /// The brand names in the list, in order.
    public let names: [String]
    /// Where the array literal stands, from `[` to `]` inclusive.
    let literal: Range<String.Index>

    /// Reads the brand list of `manifest`.
    /// - Throws: `ToolError` when there is no `let brands = [` or its
    ///   literal holds anything but plain string literals.
    public init(manifest: String) throws(ToolError) {
        self.manifest = manifest
        guard let declaration = manifest.range(of: "let brands = [") else {
            throw ToolError("Package.swift: the brand list `let brands = [ … ]` is missing")
        }
        let open = manifest.index(before: declaration.upperBound)
        var index = declaration.upperBound
        var names: [String] = []
        var expectsName = true
        func line(_ position: String.Index) -> Int { manifest[..<position].count { $0 == "\n" } + 1 }
        while index < manifest.endIndex {
            let character = manifest[index]
            let rest = manifest[index...]
            if character.isWhitespace {
                index = manifest.index(after: index)
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? manifest.endIndex
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else {
                    throw ToolError("Package.swift:\(line(index)): unclosed comment in the brand list")
                }
                index = end.upperBound
            } else if character == "]" {
                self.names = names
                literal = open..<manifest.index(after: index)
                return
            } else if character == "," && !expectsName {
                expectsName = true
                index = manifest.index(after: index)
            } else if character == "\"" && expectsName {
                let start = manifest.index(after: index)
                guard let end = manifest[start...].firstIndex(where: { $0 == "\"" || $0 == "\\" || $0 == "\n" }),
                    manifest[end] == "\""
                else {
                    throw ToolError(
                        "Package.swift:\(line(index)): the brand list holds a string that is not a plain name")
                }
                names.append(String(manifest[start..<end]))
                expectsName = false
                index = manifest.index(after: end)
            } else {
                throw ToolError(
                    "Package.swift:\(line(index)): the brand list may hold only brand names in quotes, found '\(character)'"
                )
            }
        }
        throw ToolError("Package.swift: the brand list `let brands = [` is never closed")
    }

    /// The manifest with `name` appended to the list (the list rewritten
    /// one name a line; nothing else changes).
    public func adding(_ name: String) -> String {
        let list = (names + [name]).map { "    \"\($0)\",\n" }.joined()
        var text = manifest
        text.replaceSubrange(literal, with: "[\n\(list)]")
        return text
    }
}
