import BrandDeclarations
import Foundation
import LiveryCore

/// A brand's theme as CSS custom properties, made from its design-token
/// export: `--color-primary`, `--spacing-m`, `--typography-body-font-size`,
/// `--icon-search` (the asset name, as a string)… The preview's stylesheet
/// draws everything with these, so a page looks as the brand specifies.
/// A font family is its whole stack (the family, then its fallbacks, then
/// `system-ui, sans-serif` unless the stack ends in a generic family), and a
/// logo is `--logo-image`, the SVG as a `data:` URL (drawn as an image, so
/// nothing in it could run).
enum ThemeStyle {
    /// The `:root { … }` rule for `theme`.
    /// - Throws: ``ThemeError`` when the theme does not export.
    static func css(for theme: Theme) throws -> String {
        let document = try JSONDecoder().decode(JSONValue.self, from: theme.designTokensJSON())
        var lines: [String] = []
        collect(document, path: [], into: &lines)
        if let logo = theme.logo {
            lines.append(
                "--logo-image: url(\"data:image/svg+xml;base64,\(Data(logo.svg.utf8).base64EncodedString())\");")
        }
        return ":root {\n" + lines.map { "  \($0)\n" }.joined() + "}\n"
    }

    /// CSS's generic font families, written without quotes.
    private static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "math", "emoji",
    ]

    /// A `font-family` value: each family quoted unless generic, ending in a generic family.
    static func fontStack(_ families: [String]) -> String {
        var written = families.map { genericFamilies.contains($0) ? $0 : quoted($0) }
        if !families.contains(where: genericFamilies.contains) { written += ["system-ui", "sans-serif"] }
        return written.joined(separator: ", ")
    }

    private static func collect(_ value: JSONValue, path: [String], into lines: inout [String]) {
        guard case .object(let members) = value else { return }
        if let token = members.first(where: { $0.key == "$value" })?.value {
            switch token {
            case .object(let parts):
                for part in parts { lines.append(declaration(path + [part.key], part.value)) }
            default:
                lines.append(declaration(path, token))
            }
            return
        }
        for member in members where !member.key.hasPrefix("$") {
            collect(member.value, path: path + [member.key], into: &lines)
        }
    }

    private static func declaration(_ path: [String], _ value: JSONValue) -> String {
        let name = "--" + path.map(kebab).joined(separator: "-")
        let text: String
        switch value {
        case .string(let string):
            if path.first == "icon" {
                text = quoted(string)
            } else if path.last == "fontFamily" {
                text = fontStack([string])
            } else {
                text =
                    string.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || "#.%-0123456789".unicodeScalars.contains($0))
                    }
                    ? string : quoted(string)
            }
        case .number(let number): text = number == number.rounded() ? String(Int(number)) : String(number)
        case .array(let items) where path.last == "fontFamily":
            text = fontStack(items.compactMap { if case .string(let family) = $0 { family } else { nil } })
        default: text = "initial"
        }
        return "\(name): \(text);"
    }

    private static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }

    private static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "<", with: "\\3c ") + "\""
    }
}
