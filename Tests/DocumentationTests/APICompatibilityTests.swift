import Foundation
import LiveryConsole
import Testing

/// The API an app links is held to the last release: `Tools/Developer/Compatibility/check` compares the build with the
/// release's API, a break passes only when the allowlist names it, and every break a release made, or the next one
/// will make, is explained in the migration article's section for that release.
@Suite("The API an app links")
struct APICompatibilityTests {
    static let folder = MarkdownDocument.root.appendingPathComponent("Tools/Developer/Compatibility")
    static let articlePath = "Tools/Runtime/Composition/LiveryComposition.docc/MigratingBetweenVersions.md"

    @Test("every allowed break, and every break a release made, is explained in the article's section for its release")
    func breaksAreExplained() throws {
        let article = try String(
            contentsOf: MarkdownDocument.root.appendingPathComponent(Self.articlePath), encoding: .utf8)
        let sections = MigrationArticle(article).sections
        var lists = [("Unreleased", Self.folder.appendingPathComponent("breakage-allowlist.txt"))]
        let releases = Self.folder.appendingPathComponent("Releases")
        let records = try FileManager.default.contentsOfDirectory(atPath: releases.path).filter { $0.hasSuffix(".txt") }
        try #require(!records.isEmpty, "no release's breaks are recorded in \(releases.path)")
        for name in records.sorted() {
            lists.append((String(name.dropLast(4)), releases.appendingPathComponent(name)))
        }
        var explained = 0
        for (release, file) in lists {
            let breaks = try BreakRecord.read(file)
            let section = try #require(sections[release], "the article has no section '## \(release)'")
            for record in breaks {
                #expect(
                    section.contains { record.isNamed(by: $0) },
                    "\(file.lastPathComponent): no line of the article's '\(release)' section names \(record.declaration)"
                )
                explained += 1
            }
        }
        #expect(explained >= 100, "the release records hold \(explained) breaks: fewer than 0.9.0 made")
    }

    @Test("the README's dependency line names the release the API is held to, and the article depends on it too")
    func readmeNamesTheRelease() throws {
        let baseline = try String(contentsOf: Self.folder.appendingPathComponent("baseline.txt"), encoding: .utf8)
        let release = try #require(
            baseline.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty }?.split(separator: " ").first)
        let line =
            ".package(url: \"https://github.com/<org>/livery\", .upToNextMinor(from: \"\(release)\"), traits: [])"
        for path in ["README.md", Self.articlePath] {
            let text = try String(contentsOf: MarkdownDocument.root.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(line), "\(path) does not depend on Livery as \(line)")
        }
        let archive = Self.folder.appendingPathComponent("Baselines/\(release).tar.gz")
        #expect(FileManager.default.fileExists(atPath: archive.path), "no API is kept for \(release)")
    }

    @Test("a break is named by a line naming its type and its member; a line naming another member does not")
    func namingRules() throws {
        let renamed = try #require(
            BreakRecord("API breakage: func AddressLookupService.address(id:) has been renamed to func address(id:in:)")
        )
        #expect(renamed.type == "AddressLookupService" && renamed.member == "address(id:)")
        #expect(renamed.isNamed(by: "| `AddressLookupService.address(id:)` | `address(id:in:)` |"))
        #expect(!renamed.isNamed(by: "| `AddressLookupService.suggestions(for:in:limit:)` | |"))
        #expect(!renamed.isNamed(by: "| `CachingAddressLookupService.address(id:)` | |"))
        let setter = try #require(BreakRecord("API breakage: accessor PostalAddress.unit.Set() has been removed"))
        #expect(setter.type == "PostalAddress" && setter.member == "unit")
        #expect(setter.isNamed(by: "setters of `PostalAddress.unit`"))
        #expect(!setter.isNamed(by: "`PostalAddress.unitStyle`"))
        let nested = try #require(
            BreakRecord("API breakage: constructor FaultPlan.Failure.init(_:rate:) has been removed"))
        #expect(nested.type == "FaultPlan" && nested.member == "init(_:rate:)")
        #expect(nested.isNamed(by: "`FaultPlan.Failure.init(_:rate:)`"))
        let type = try #require(BreakRecord("API breakage: struct HTTPClient has been removed"))
        #expect(type.isNamed(by: "| `HTTPClient` | `JSONClient` |") && !type.isNamed(by: "`HTTPClientError`"))
        #expect(BreakRecord("# a comment") == nil && BreakRecord("") == nil)
        let sections = MigrationArticle("# T\n## Unreleased\nnone\n## 0.9.0\n### Part\n| `X` |\n## 0.8.0\n").sections
        #expect(sections["Unreleased"] == ["none"] && sections["0.9.0"] == ["### Part", "| `X` |"])
    }

    @Test("the build keeps the API of the baseline release (allowed breaks aside), and a planted break fails the check")
    func checkBites() async throws {
        let modules = try Self.buildModules()
        let script = Self.folder.appendingPathComponent("check").path
        let check = try await ChildProcess.running(
            [script, "--modules", modules.path], in: MarkdownDocument.root, limit: .seconds(600))
        #expect(check.succeeded, "check: \(check.output)\(check.errors)")
        #expect(check.output.contains("modules an app links keep the API of"), "\(check.output)")
        let planted = try await ChildProcess.running(
            [script, "--plant", "--modules", modules.path], in: MarkdownDocument.root, limit: .seconds(600))
        #expect(planted.succeeded, "check --plant: \(planted.output)\(planted.errors)")
        #expect(planted.output.contains("API breakage: func Composition.assembleAsPlanted(_:on:)"), "\(planted.output)")
    }

    /// The folder of the modules `swift build` wrote beside the running tests.
    static func buildModules() throws -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let modules = candidate.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("LiveryCore.swiftmodule").path) {
                return modules
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.appendingPathComponent("Modules").path])
    }
}

/// One break as the check prints it: "API breakage: <kind> <Type.member> <what happened>".
struct BreakRecord: Equatable {
    /// The declaration as the line names it, such as `AddressLookupService.address(id:)`.
    let declaration: String
    /// Its outermost type, such as `AddressLookupService`.
    let type: String
    /// Its member (the last part of its name), or `nil` for a type itself.
    let member: String?

    init?(_ line: String) {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 4)
        guard words.count >= 4, words[0] == "API", words[1] == "breakage:" else { return nil }
        var name = String(words[3])
        for accessor in [".Get()", ".Set()", ".Modify()", ".Read()"] where name.hasSuffix(accessor) {
            name.removeLast(accessor.count)
        }
        let parts = Self.components(of: name)
        declaration = name
        type = parts[0]
        member = parts.count > 1 ? parts[parts.count - 1] : nil
    }

    /// The lines of a record or the allowlist that are breaks (comments and blank lines are not).
    static func read(_ file: URL) throws -> [BreakRecord] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            guard let record = BreakRecord(text) else {
                Issue.record("\(file.lastPathComponent): '\(text)' is not a break as the check prints one")
                return nil
            }
            return record
        }
    }

    /// Whether `line` names the declaration: its type and its member, each as a whole name.
    func isNamed(by line: String) -> Bool {
        guard Self.containsName(type, in: line) else { return false }
        guard let member else { return true }
        return Self.containsName(member, in: line)
    }

    /// The dot-separated parts of a name, dots inside parentheses kept.
    private static func components(of name: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in name {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ".", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return parts + [current]
    }

    /// Whether `name` occurs in `line` with no letter or digit of a longer name on either side.
    private static func containsName(_ name: String, in line: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let joins = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !joins(before), !joins(after) || name.hasSuffix(")") { return true }
            rest = line[range.upperBound...]
        }
        return false
    }
}

/// The migration article's sections: the lines under each `## ` heading, by the heading's first word (a version,
/// or `Unreleased`).
struct MigrationArticle {
    let sections: [String: [String]]

    init(_ text: String) {
        var sections: [String: [String]] = [:]
        var current: String?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                current = line.dropFirst(3).split(separator: " ").first.map(String.init)
                if let current { sections[current] = [] }
            } else if line.hasPrefix("# ") {
                current = nil
            } else if let name = current, !line.isEmpty {
                sections[name, default: []].append(line)
            }
        }
        self.sections = sections
    }
}
