import Foundation
import Testing

/// Every Swift sample in the repository's markdown (the README, the guides, the DocC articles) is compiled: each is
/// kept as a file of this target under `Samples/`, written from the markdown, and this test fails when a file
/// differs from the sample it was written from, or when a sample has no file.
@Suite("Documentation samples")
struct DocumentationSampleTests {
    /// Set to `1` to write `Samples/` again from the markdown instead of comparing.
    static let writeVariable = "LIVERY_WRITE_SAMPLES"
    static let samples = MarkdownDocument.root.appendingPathComponent("Tests/DocumentationTests/Samples")

    @Test("every Swift sample in the markdown is compiled as it is written there")
    func samplesAreCompiled() throws {
        let expected = try Self.expectedFiles()
        let manager = FileManager.default
        let existing = Set(try manager.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".swift") })
        if ProcessInfo.processInfo.environment[Self.writeVariable] == "1" {
            for name in existing where expected[name] == nil {
                try manager.removeItem(at: Self.samples.appendingPathComponent(name))
            }
            for (name, text) in expected {
                try Data(text.utf8).write(to: Self.samples.appendingPathComponent(name))
            }
            return
        }
        let again = "\(Self.writeVariable)=1 swift test --filter DocumentationSampleTests, then build"
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let file = Self.samples.appendingPathComponent(name)
            let written = try? String(contentsOf: file, encoding: .utf8)
            #expect(written == text, "Samples/\(name) is not the sample it stands for: \(again)")
        }
        for name in existing.subtracting(expected.keys).sorted() {
            Issue.record("Samples/\(name) stands for no sample of the markdown any more: \(again)")
        }
    }

    @Test("a sample at file scope and one made of statements are placed where each compiles")
    func placement() {
        let declarations = CompiledSample(
            document: "Guide.md", number: 1, line: 3, body: ["struct GuideThing {", "    let name: String", "}"])
        #expect(declarations.source.contains("\nstruct GuideThing {\n    let name: String\n}\n"))
        let statements = CompiledSample(
            document: "Guide.md", number: 2, line: 9,
            body: ["import Testing", "", "let value = 1", "#expect(value == 1)"])
        #expect(statements.source.contains("import Testing\n"))
        #expect(statements.source.contains("func guide_md_sample_2() async throws {\n    let value = 1\n"))
        let swiftUI = CompiledSample(
            document: "A.md", number: 1, line: 1, body: ["import SwiftUI", "struct AView: View {}"])
        #expect(swiftUI.source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n"))
        #expect(swiftUI.source.hasSuffix("#endif\n"))
    }

    /// The file each sample of the markdown is kept as, by file name.
    static func expectedFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for document in try MarkdownDocument.all() {
            let fences = document.fences.filter { $0.language == "swift" && !CompiledSample.isManifest($0.body) }
            for (index, fence) in fences.enumerated() {
                let sample = CompiledSample(
                    document: document.path, number: index + 1, line: fence.line, body: fence.body)
                files[sample.fileName] = sample.source
            }
        }
        return files
    }
}

/// A Swift sample of a markdown document, as the file that compiles it: its imports first (with every library an app
/// links, so a sample may leave those out), then the sample at file scope when it is made of declarations only, or
/// as the body of an async throwing main-actor function when it has statements. A sample importing SwiftUI compiles
/// only where SwiftUI exists.
struct CompiledSample {
    let document: String
    /// Which of the document's compiled samples it is, from 1.
    let number: Int
    let line: Int
    let body: [String]

    /// The libraries every sample may use without importing them: the app libraries and every brand Package.swift lists.
    static let libraries =
        ([
            "AddressLookupFeature", "AppBarFeature", "BrandDeclarations", "Foundation", "JoinFormFeature",
            "LiveryComposition", "LiveryCore", "LiveryWire",
        ] + packageBrandModules).sorted()

    /// Whether a sample is a package manifest (its first line names the tools version), which is not compiled here.
    static func isManifest(_ body: [String]) -> Bool {
        body.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("// swift-tools-version") ?? false
    }

    /// A name for the sample from its document's path and its number there, usable as a file and a function name.
    var name: String {
        let path = document.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return "\(path)_sample_\(number)"
    }

    var fileName: String { "\(name).swift" }

    /// The sample's own `import` lines, and its other lines.
    private var parts: (imports: [String], code: [String]) {
        let imports = body.filter { $0.hasPrefix("import ") }
        var code = body.filter { !$0.hasPrefix("import ") }
        while code.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { code.removeFirst() }
        while code.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { code.removeLast() }
        return (imports, code)
    }

    /// Whether a line at column 0 starts a declaration that may stand at file scope (or closes one), or is a
    /// compiler directive around such declarations (a conditional import).
    private static func isDeclaration(_ line: String) -> Bool {
        let starts = [
            "struct ", "final class ", "class ", "enum ", "extension ", "protocol ", "actor ", "func ", "@",
            "public ", "private ", "fileprivate ", "internal ", "typealias ", "nonisolated ", "}", ")", "]", "//",
            "#if ", "#elseif ", "#else", "#endif",
        ]
        return starts.contains { line.hasPrefix($0) }
    }

    /// Whether the sample has a statement at its top level, so it compiles inside a function.
    var hasStatements: Bool {
        parts.code.contains { line in
            guard let first = line.first, first != " ", first != "\t" else { return false }
            return !Self.isDeclaration(line)
        }
    }

    /// The file that compiles the sample.
    var source: String {
        let (imports, code) = parts
        let guarded = imports.contains("import SwiftUI")
        var lines = [
            "// Written from \(document) (the sample at line \(line)) by DocumentationSampleTests: edit the markdown,",
            "// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.",
            "// swift-format-ignore-file",
        ]
        if guarded { lines.append("#if canImport(SwiftUI)") }
        let own = Set(imports)
        lines += imports + Self.libraries.map { "import \($0)" }.filter { !own.contains($0) }
        lines += ["#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif"]
        lines.append("")
        if hasStatements {
            lines.append("@MainActor")
            lines.append("func \(name)() async throws {")
            lines += code.map { $0.isEmpty ? "" : "    " + $0 }
            lines.append("}")
        } else {
            lines += code
        }
        if guarded { lines.append("#endif") }
        return lines.joined(separator: "\n") + "\n"
    }
}
