import AppBarFeature
import Foundation
import LiveryCore

/// The files of a new brand and the registrations it needs, prepared in
/// memory and written all at once: if any write fails, everything written
/// is removed and every changed file restored.
struct BrandScaffold {
    let name: String
    let id: String
    let root: URL
    /// New files by path relative to the checkout.
    private(set) var files: [String: String] = [:]
    /// Changed files by path, with their new text.
    private(set) var changes: [String: String] = [:]

    var createdPaths: [String] { files.keys.sorted() }
    var changedPaths: [String] { changes.keys.sorted() }

    /// Refuses a name that is not a Swift type name, whose id is not a brand
    /// id, or that exists already (in the brand list or as a folder).
    static func check(name: String, existing: [String], root: URL) throws {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
            throw ToolError("'\(name)' is not a valid brand name: use a Swift type name such as Sportsbet (letters and digits, capital first)")
        }
        guard BrandID(rawValue: name.lowercased()) != nil else {
            throw ToolError("'\(name.lowercased())' is not a valid brand id")
        }
        if existing.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw ToolError("a brand called '\(name.lowercased())' exists already")
        }
        for folder in ["Brands/\(name)", "Tests/Brands/\(name)", "Tests/Scenarios/\(name.lowercased())"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
            throw ToolError("\(folder) exists already")
        }
    }

    init(name: String, region: Region, model: any BrandPlugin, root: URL) throws {
        self.name = name
        self.id = name.lowercased()
        self.root = root
        let templates = BrandTemplates(name: name, id: id, region: region, model: model)
        files["Brands/\(name)/Plugin/\(name)Brand.swift"] = templates.plugin
        files["Brands/\(name)/Plugin/\(name)Theme.swift"] = templates.theme
        files["Brands/\(name)/App/main.swift"] = templates.app
        files["Tests/Brands/\(name)/\(name)BrandTests.swift"] = templates.tests
        let modelID = model.manifest.id.rawValue
        let scenarios = root.appendingPathComponent("Tests/Scenarios/\(modelID)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        for file in names.sorted() where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
            let text = try String(contentsOf: scenarios.appendingPathComponent(file), encoding: .utf8)
            files["Tests/Scenarios/\(id)/\(file)"] = Self.replacingWord(modelID, with: id, in: text)
        }
        changes["Package.swift"] = try Self.adding(name, toBrandListIn: Self.read("Package.swift", root))
        changes["Tools/Livery/RegisteredBrands.swift"] = try Self.registering(name, in: Self.read("Tools/Livery/RegisteredBrands.swift", root))
    }

    /// Writes every file; on failure undoes what was done and rethrows.
    func write() throws {
        let manager = FileManager.default
        var created: [URL] = []
        var originals: [URL: String] = [:]
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(path)
                var folder = url.deletingLastPathComponent()
                var missing: [URL] = []
                while !manager.fileExists(atPath: folder.path) {
                    missing.append(folder)
                    folder = folder.deletingLastPathComponent()
                }
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                created += missing.reversed()
                try text.write(to: url, atomically: true, encoding: .utf8)
                created.append(url)
            }
            for (path, text) in changes {
                let url = root.appendingPathComponent(path)
                originals[url] = try String(contentsOf: url, encoding: .utf8)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            for (url, text) in originals { try? text.write(to: url, atomically: true, encoding: .utf8) }
            for url in created.reversed() { try? manager.removeItem(at: url) }
            throw ToolError("could not write the new brand (nothing was kept): \(error.localizedDescription)")
        }
    }

    private static func read(_ path: String, _ root: URL) throws -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ToolError("cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// `Package.swift` with `"<name>",` added at the end of `let brands = [ … ]`.
    static func adding(_ name: String, toBrandListIn manifest: String) throws -> String {
        guard let start = manifest.range(of: "let brands = ["),
              let end = manifest.range(of: "\n]", range: start.upperBound..<manifest.endIndex) else {
            throw ToolError("Package.swift: the brand list `let brands = [ … ]` is missing")
        }
        var text = manifest
        text.insert(contentsOf: "\n    \"\(name)\",", at: end.lowerBound)
        return text
    }

    /// The tool's registration with an import of and an entry for the brand.
    static func registering(_ name: String, in source: String) throws -> String {
        guard let list = source.range(of: "let registeredBrands: [any BrandPlugin] = ["),
              let end = source.range(of: "\n]", range: list.upperBound..<source.endIndex) else {
            throw ToolError("Tools/Livery/RegisteredBrands.swift: the list `registeredBrands` is missing")
        }
        var text = source
        text.insert(contentsOf: "\n    \(name)Brand(),", at: end.lowerBound)
        text.insert(contentsOf: "import \(name)Brand\n", at: text.startIndex)
        return text
    }

    /// `text` with every whole-word `word` replaced.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: "\\b\(NSRegularExpression.escapedPattern(for: word))\\b") else {
            return text
        }
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                   withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }
}
