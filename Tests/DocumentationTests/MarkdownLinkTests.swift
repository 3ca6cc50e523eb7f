import Foundation
import Testing

/// Every relative link of the repository's markdown names a file that exists, and an anchor names a heading of it.
@Suite("Markdown links")
struct MarkdownLinkTests {
    @Test("every relative link in every markdown file resolves, anchors included")
    func relativeLinksResolve() throws {
        let documents = try MarkdownDocument.all()
        #expect(documents.contains { $0.path == "README.md" })
        let byPath = Dictionary(uniqueKeysWithValues: documents.map { ($0.path, $0) })
        for document in documents {
            for (line, target) in MarkdownLink.targets(in: document) {
                if let problem = MarkdownLink.problem(with: target, from: document.path, documents: byPath) {
                    Issue.record("\(document.path):\(line): \(problem)")
                }
            }
        }
    }

    @Test("a link to a missing file, or to a heading a file has not, is found; a good one is not")
    func findsBrokenLinks() {
        let guide = MarkdownDocument(
            path: "Tools/Guide.md", lines: ["# A guide", "## Set up `livery`", "[x](../README.md)"])
        let readme = MarkdownDocument(path: "README.md", lines: ["# Livery", "[guide](Tools/Guide.md#set-up-livery)"])
        let documents = ["Tools/Guide.md": guide, "README.md": readme]
        #expect(
            MarkdownLink.problem(with: "Tools/Guide.md#set-up-livery", from: "README.md", documents: documents) == nil)
        #expect(MarkdownLink.problem(with: "../README.md", from: "Tools/Guide.md", documents: documents) == nil)
        #expect(MarkdownLink.problem(with: "Tools/Gide.md", from: "README.md", documents: documents) != nil)
        #expect(MarkdownLink.problem(with: "Tools/Guide.md#setup", from: "README.md", documents: documents) != nil)
        #expect(MarkdownLink.problem(with: "#livery", from: "README.md", documents: documents) == nil)
        #expect(MarkdownLink.problem(with: "https://example.com/x", from: "README.md", documents: documents) == nil)
        #expect(MarkdownLink.targets(in: readme).map(\.target) == ["Tools/Guide.md#set-up-livery"])
    }
}

/// The links of a markdown document and whether each resolves.
enum MarkdownLink {
    /// The targets of the document's inline links and link definitions outside code, with their lines.
    static func targets(in document: MarkdownDocument) -> [(line: Int, target: String)] {
        var found: [(Int, String)] = []
        for (line, text) in document.prose {
            for match in text.matches(of: /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/) {
                found.append((line, String(match.1)))
            }
            if let definition = text.wholeMatch(of: /\s{0,3}\[[^\]]+\]:\s+<?([^\s>]+)>?.*/) {
                found.append((line, String(definition.1)))
            }
        }
        return found
    }

    /// What is wrong with a link from the document at `path`, or `nil` when it resolves (links with a scheme, such
    /// as `https:` or DocC's `doc:`, are not followed).
    static func problem(with target: String, from path: String, documents: [String: MarkdownDocument]) -> String? {
        if target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        let folder = URL(fileURLWithPath: "/" + path).deletingLastPathComponent()
        let resolved = file.isEmpty ? "/" + path : folder.appendingPathComponent(file).standardizedFileURL.path
        let relative = String(resolved.dropFirst())
        let onDisk = MarkdownDocument.root.appendingPathComponent(relative)
        let known = documents[relative] != nil
        guard known || FileManager.default.fileExists(atPath: onDisk.path) else {
            return "\(target) names \(relative), which does not exist"
        }
        guard let anchor, !anchor.isEmpty, relative.hasSuffix(".md") else { return nil }
        let lines = documents[relative]?.lines ?? []
        let slugs = headingSlugs(lines)
        return slugs.contains(anchor) ? nil : "\(target): \(relative) has no heading whose anchor is #\(anchor)"
    }

    /// The anchors GitHub gives a document's headings: lower-cased, punctuation dropped, spaces as hyphens, a
    /// repeated one numbered.
    static func headingSlugs(_ lines: [String]) -> Set<String> {
        var seen: [String: Int] = [:]
        var slugs: Set<String> = []
        for (_, line) in MarkdownDocument(path: "", lines: lines).unfenced {
            guard let heading = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*\s*/) else { continue }
            let slug = String(
                heading.1.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            slugs.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return slugs
    }
}
