import AppBarFeature
import LiveryCore

extension DeclarationShape {
    /// The keys of an object shape as a Markdown table, one row per key path
    /// (`theme.logo`), what its value is and whether it may be left out: the
    /// tables of `Brands/README.md`, rendered so they cannot drift from the reader.
    /// An object is shown by its keys, except one whose keys all say the same
    /// of their own name (a colour per role, a flag per flag): it is one row listing them.
    public func keyTable() -> String {
        (["| key | value |", "| --- | --- |"] + Self.rows(of: properties, under: "")).joined(separator: "\n") + "\n"
    }

    private static func rows(of properties: [Property], under prefix: String) -> [String] {
        properties.flatMap { property -> [String] in
            let path = prefix + property.name
            if case .object(_, let children) = property.shape, !children.isEmpty, !isTemplated(children) {
                return rows(of: children, under: path + ".")
            }
            let key = "`\(path)`" + (property.isRequired ? "" : " (optional)")
            let row = "| \(key) | \(summary(of: property.shape)) |"
            // A list of objects: the list, then its items' keys.
            if case .list(_, .object(_, let children)) = property.shape {
                return [row] + rows(of: children, under: path + "[].")
            }
            return [row]
        }
    }

    /// Whether every key's description is the same sentence with the key's own name in it.
    private static func isTemplated(_ children: [Property]) -> Bool {
        guard children.count > 1, let first = children.first,
            let name = first.shape.description.range(of: " \(first.name) ")
        else { return false }
        let template = first.shape.description.replacingCharacters(in: name, with: " {} ")
        return children.allSatisfy {
            template.replacingOccurrences(of: " {} ", with: " \($0.name) ") == $0.shape.description
        }
    }

    private static func summary(of shape: DeclarationShape) -> String {
        let text = shape.description.replacingOccurrences(of: "|", with: "\\|")
        switch shape {
        case .text(_, _, let choices?, _):
            return text + " One of " + choices.map { "`\($0)`" }.joined(separator: ", ") + "."
        case .object(_, let children):
            return text + " Keys: " + children.map { "`\($0.name)`" }.joined(separator: ", ") + "."
        case .number(_, let range):
            return text + " From \(Int(range.lowerBound)) to \(Int(range.upperBound))."
        default: return text
        }
    }

    /// What the shape says its value is.
    var description: String {
        switch self {
        case .object(let text, _), .text(let text, _, _, _), .flag(let text), .number(let text, _), .list(let text, _),
            .textByKey(let text), .formValue(let text):
            text
        }
    }
}
