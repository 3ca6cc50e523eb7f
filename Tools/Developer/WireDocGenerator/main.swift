import Foundation

// Writes the Swift file of WireDocPlugin: `WireDocGenerator <output.swift> <source.swift>…`.
// It reads each wire type's public stored properties and the first paragraph of their documentation
// comments, so that the published contract describes a property in the words its Swift documentation
// uses, kept in one place.

/// The documentation of each public property, by type path (`AccountDetails.Profile`) and name.
func propertyDocumentation(of source: String) -> [String: [String: String]] {
    var found: [String: [String: String]] = [:]
    var types: [(name: String, depth: Int)] = []
    var depth = 0
    var comment: [String] = []
    var inMultilineString = false
    for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = rawLine.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("\"\"\"") || line.hasSuffix("\"\"\"") {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if quotes % 2 == 1 { inMultilineString.toggle() }
            if inMultilineString || quotes % 2 == 1 { continue }
        }
        if inMultilineString { continue }
        if line.hasPrefix("///") {
            comment.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            continue
        }
        let code = codeOnly(line)
        if let name = declaredType(in: code) {
            types.append((name, depth))
        } else if let property = publicProperty(in: code), let owner = types.last, owner.depth == depth - 1 {
            let text = firstParagraph(of: comment)
            if !text.isEmpty {
                found[types.map(\.name).joined(separator: "."), default: [:]][property] = text
            }
        }
        comment = []
        for character in code {
            if character == "{" { depth += 1 }
            if character == "}" {
                depth -= 1
                while let last = types.last, last.depth >= depth { types.removeLast() }
            }
        }
    }
    return found
}

/// `line` without its string literals and trailing `//` comment, so braces in them are not counted.
func codeOnly(_ line: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character = " "
    for character in line {
        if inString {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
            }
            continue
        }
        if character == "\"" {
            inString = true
            continue
        }
        if character == "/" && previous == "/" {
            result.removeLast()
            break
        }
        result.append(character)
        previous = character
    }
    return result
}

/// The name a line declares a type or an extension of, if it does and opens its body there.
func declaredType(in code: String) -> String? {
    guard code.contains("{") else { return nil }
    let words = code.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" }).map(String.init)
    for (index, word) in words.enumerated()
    where ["struct", "enum", "class", "extension"].contains(word) && index + 1 < words.count {
        let before = words[..<index]
        guard before.allSatisfy({ ["public", "final", "indirect", "package", "internal"].contains($0) }) else {
            return nil
        }
        return words[index + 1]
    }
    return nil
}

/// The name of a public stored or computed property a line declares, if it does.
func publicProperty(in code: String) -> String? {
    let words = code.split(separator: " ").map(String.init)
    guard words.count >= 3, words[0] == "public", words[1] == "var" || words[1] == "let" else { return nil }
    let name = words[2].split(separator: ":").first.map(String.init) ?? ""
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return name
}

/// The comment's first paragraph on one line, DocC's double backticks made single.
func firstParagraph(of comment: [String]) -> String {
    let paragraph = comment.prefix { !$0.isEmpty && !$0.hasPrefix("- ") }
    return paragraph.joined(separator: " ").replacingOccurrences(of: "``", with: "`")
}

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: WireDocGenerator <output.swift> <source.swift>…\n".utf8))
    exit(2)
}
var documentation: [String: [String: String]] = [:]
for path in arguments.dropFirst().sorted() {
    guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("WireDocGenerator: cannot read \(path)\n".utf8))
        exit(1)
    }
    documentation.merge(propertyDocumentation(of: source)) { $0.merging($1) { first, _ in first } }
}
var text = """
    // Generated at build time from the documentation comments of LiveryWire's types (WireDocPlugin); not kept by hand.

    /// The first paragraph of each public property's documentation comment, by type path
    /// (`AccountDetails.Profile`) and property name.
    let wirePropertyDocumentation: [String: [String: String]] = [

    """
for type in documentation.keys.sorted() {
    text += "    \(literal(type)): [\n"
    for (name, words) in documentation[type]!.sorted(by: { $0.key < $1.key }) {
        text += "        \(literal(name)): \(literal(words)),\n"
    }
    text += "    ],\n"
}
text += "]\n"
do {
    try text.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("WireDocGenerator: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
