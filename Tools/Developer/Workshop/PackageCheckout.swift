import BrandDeclarations
import Foundation
import LiveryConsole
import LiveryCore

/// The Livery checkout the tools work on: found by walking up from the
/// current directory to the `Package.swift` that declares the brand list,
/// or else the checkout the tool was built from.
public struct PackageCheckout: Sendable {
    /// The folder holding `Package.swift`.
    public let root: URL

    /// The checkout at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// The checkout holding `folder` (the current directory by default):
    /// the nearest folder at or above it whose Package.swift declares a brand
    /// list. What `livery new` writes to: never a checkout elsewhere.
    /// - Throws: `ToolError` when no folder above holds one.
    public static func enclosing(_ folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        throws(ToolError) -> PackageCheckout
    {
        var folder = folder.standardizedFileURL
        while true {
            if isCheckout(folder) { return PackageCheckout(root: folder) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw ToolError(
            "\(FileManager.default.currentDirectoryPath) is not inside a Livery checkout: run this in the folder that holds its Package.swift (or below it)"
        )
    }

    /// The checkout around the current directory, or the one the tool was built from.
    /// - Throws: `ToolError` when there is neither.
    public static func current() throws(ToolError) -> PackageCheckout {
        if let around = try? enclosing() { return around }
        // Tools/Developer/Workshop/PackageCheckout.swift → the checkout's root.
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        if isCheckout(built) { return PackageCheckout(root: built) }
        throw ToolError("no Livery checkout here: run livery inside the folder that holds its Package.swift")
    }

    private static func isCheckout(_ folder: URL) -> Bool {
        guard let text = try? text(of: folder.appendingPathComponent("Package.swift")) else { return false }
        return text.contains("let brands = [")
    }

    /// The largest file of the checkout a tool reads (Package.swift, a scenario file): 1 MiB.
    public static let maxFileBytes = 1 << 20

    /// The UTF-8 text of the checkout's file at `url`, read as every file a
    /// tool is given is read: a regular file only, at most ``maxFileBytes``.
    /// - Throws: `ToolError` naming the file and what is wrong with it.
    public static func text(of url: URL) throws(ToolError) -> String {
        let data: Data
        do throws(FileInput.Refusal) {
            data = try FileInput.read(atPath: url.path, limit: maxFileBytes, kind: "checkout files")
        } catch {
            throw ToolError("cannot read \(url.path): \(error.description)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ToolError("cannot read \(url.path): it is not UTF-8 text")
        }
        return text
    }

    /// `Package.swift`.
    public var manifest: URL { root.appendingPathComponent("Package.swift") }

    /// The targets and products Package.swift declares with a literal name
    /// (`name: "LiveryCore"`); empty when it cannot be read.
    public func declaredNames() -> Set<String> {
        guard let text = try? Self.text(of: manifest),
            let expression = try? NSRegularExpression(pattern: #"name:\s*"([A-Za-z0-9_-]+)""#)
        else { return [] }
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    /// The manifest's brand list.
    /// - Throws: `ToolError` when the manifest cannot be read or has no brand list.
    public func brandList() throws(ToolError) -> BrandListEdit {
        try BrandListEdit(manifest: try Self.text(of: manifest))
    }

    /// The brand names of the manifest's brand list, in order (e.g. `Neds`).
    public func brandNames() throws(ToolError) -> [String] {
        try brandList().names
    }

    /// The brand name whose id (its lower-cased name) is `id`, ignoring case.
    /// - Throws: `ToolError` naming the known brands.
    public func brandName(for id: String) throws(ToolError) -> String {
        let names = try brandNames()
        guard let name = names.first(where: { $0.lowercased() == id.lowercased() }) else {
            let ids = names.map { $0.lowercased() }
            let guess = NameSuggestion.closest(to: id.lowercased(), in: ids).map { " (did you mean '\($0)'?)" } ?? ""
            throw ToolError("unknown brand '\(id)'\(guess); known brands: \(ids.joined(separator: ", "))")
        }
        return name
    }

    /// The folder of `id`'s scenario files.
    public func scenarioFolder(of id: String) -> URL {
        scenariosFolder.appendingPathComponent(id)
    }

    /// The folder holding one scenario folder per brand: `Tests/Scenarios`.
    public var scenariosFolder: URL { root.appendingPathComponent("Tests/Scenarios") }

    /// The names of `id`'s scenario files (`*.yaml`, `*.yml`), sorted.
    public func scenarioFiles(of id: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder(of: id).path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }

    /// Runs `swift` with `arguments` in the checkout, its output streaming
    /// through; a header before, the outcome and elapsed time after.
    /// - Throws: `ReportedFailure` when swift fails, `ToolError` when it cannot start.
    public func swift(_ arguments: [String], describing what: String, terminal: Terminal) throws {
        print(terminal.bold("▶ swift \(arguments.joined(separator: " "))"))
        fflush(nil)
        let started = ContinuousClock.now
        let run = try ChildProcess.run(
            ["swift"] + arguments, in: root, output: .inherited, errors: .inherited, limit: .seconds(3600),
            attempts: 3)
        let seconds = String(format: "%.1f s", Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000)
        guard run.succeeded else {
            print(terminal.red("✘ \(what) failed after \(seconds)"))
            throw ReportedFailure()
        }
        print(terminal.green("✔ \(what) in \(seconds)"))
    }

    /// The targets `swift package dump-package` lists: the manifest as
    /// SwiftPM reads it.
    /// - Throws: `ToolError` when the manifest does not load.
    public func dumpedTargetNames() throws(ToolError) -> Set<String> {
        let run = try ChildProcess.run(["swift", "package", "dump-package"], in: root, limit: .seconds(600))
        struct Dump: Decodable {
            struct Target: Decodable { let name: String }
            let targets: [Target]
        }
        guard run.succeeded, let dump = try? JSONDecoder().decode(Dump.self, from: Data(run.output.utf8)) else {
            throw ToolError(
                "Package.swift does not load: \(run.errors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return Set(dump.targets.map(\.name))
    }
}
