import Foundation
import LiveryTesting

/// The repository's markdown documents, as the documentation tests read them: every `.md` file outside hidden
/// folders and `.build`, with its fenced Swift samples and its links.
struct MarkdownDocument {
    /// The repository's root folder.
    static let root = SourceTree.root

    /// The path from the repository's root, such as `Core/LiveryCore.docc/StoresAndSettle.md`.
    let path: String
    /// The file's lines.
    let lines: [String]

    /// Every markdown document of the repository, by path.
    static func all() throws -> [MarkdownDocument] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            return []
        }
        var documents: [MarkdownDocument] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".md") else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            let text = try String(contentsOf: url, encoding: .utf8)
            documents.append(MarkdownDocument(path: path, lines: text.components(separatedBy: "\n")))
        }
        return documents.sorted { $0.path < $1.path }
    }

    /// A fenced block: its language, the line its fence opens on (1-based) and its lines.
    struct Fence {
        let language: String
        let line: Int
        let body: [String]
    }

    /// The fenced code blocks, in order.
    var fences: [Fence] {
        var fences: [Fence] = []
        var open: (language: String, line: Int, marker: String, indent: Int)?
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if let current = open {
                if trimmed.hasPrefix(current.marker) && trimmed.allSatisfy({ $0 == "`" || $0 == "~" || $0 == " " }) {
                    fences.append(Fence(language: current.language, line: current.line, body: body))
                    open = nil
                } else {
                    body.append(String(line.dropFirst(min(current.indent, line.prefix { $0 == " " }.count))))
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = String(trimmed.prefix { $0 == "`" || $0 == "~" })
                let language = trimmed.dropFirst(marker.count).split(separator: " ").first.map(String.init) ?? ""
                open = (language, index + 1, marker, indent)
                body = []
            }
        }
        return fences
    }

    /// The lines outside fenced blocks, with their line numbers.
    var unfenced: [(line: Int, text: String)] {
        var fenced: Set<Int> = []
        for fence in fences { fenced.formUnion(fence.line...(fence.line + fence.body.count + 1)) }
        return lines.enumerated().compactMap { index, line in fenced.contains(index + 1) ? nil : (index + 1, line) }
    }

    /// The lines outside fenced blocks, with their line numbers, and inline code spans blanked out.
    var prose: [(line: Int, text: String)] {
        unfenced.map { ($0.line, $0.text.replacing(/`+[^`]*`+/, with: "``")) }
    }
}
