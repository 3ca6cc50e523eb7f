import Foundation
import Testing

/// The README stays short, and the maps of the tree the documents keep say what is there: the README names every
/// top-level entry, and Tools/README.md has a row for every folder of each of its groups and none for one that is gone.
@Suite("Layout documents")
struct LayoutDocumentTests {
    /// The folders (not hidden) directly inside `path`, from the repository's root.
    static func folders(in path: String) throws -> Set<String> {
        let url = MarkdownDocument.root.appendingPathComponent(path)
        return Set(
            try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
                .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
                .map(\.lastPathComponent).filter { !$0.hasPrefix(".") })
    }

    static func document(_ path: String) throws -> MarkdownDocument {
        try #require(try MarkdownDocument.all().first { $0.path == path }, "\(path) is missing")
    }

    @Test("the README names every top-level folder and file of the tree")
    func readmeNamesTheTopLevel() throws {
        let readme = try Self.document("README.md").lines.joined(separator: "\n")
        for folder in try Self.folders(in: "") {
            #expect(readme.contains("`\(folder)/`"), "README.md does not name the top-level folder \(folder)/")
        }
        #expect(readme.contains("`Package.swift`"))
    }

    @Test("the README stays short (at most 150 lines) and sets up with two commands: the main job and the tests")
    func readmeIsShort() throws {
        let readme = try Self.document("README.md")
        let count = readme.lines.last == "" ? readme.lines.count - 1 : readme.lines.count
        #expect(count <= 150, "README.md has \(count) lines; the rest belongs in the guides")
        let setUp = try #require(readme.fences.first { $0.language == "sh" })
        let commands = setUp.body.map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["swift run livery run neds", "swift test"])
    }

    @Test("Tools/README.md has one row for each folder of each group, and each row names a folder there")
    func toolsMapMatchesTheTree() throws {
        let lines = try Self.document("Tools/README.md").lines
        var group: String?
        var rows: [String: Set<String>] = [:]
        for line in lines {
            if let heading = line.wholeMatch(of: /## `(\w+)\/`.*/) {
                group = String(heading.1)
            } else if let group, let row = line.wholeMatch(of: /\| `(\w+)\/` \|.*/) {
                rows[group, default: []].insert(String(row.1))
            }
        }
        let groups = try Self.folders(in: "Tools")
        #expect(Set(rows.keys) == groups, "Tools/README.md's groups are not the folders of Tools/")
        for group in groups {
            let present = try Self.folders(in: "Tools/\(group)")
            let listed = rows[group, default: []]
            #expect(
                listed == present,
                "Tools/\(group): not listed \(present.subtracting(listed).sorted()), gone \(listed.subtracting(present).sorted())"
            )
        }
    }
}
