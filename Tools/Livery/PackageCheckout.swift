import Foundation

/// The Livery checkout the tool works on: found by walking up from the
/// current directory to the `Package.swift` that declares the brand list,
/// or else the checkout this tool was built from.
struct PackageCheckout {
    /// The folder holding `Package.swift`.
    let root: URL

    /// The checkout around the current directory, or the one the tool was built from.
    static func current() throws -> PackageCheckout {
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            if isCheckout(folder) { return PackageCheckout(root: folder) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if isCheckout(built) { return PackageCheckout(root: built) }
        throw ToolError("no Livery checkout here: run livery inside the folder that holds its Package.swift")
    }

    private static func isCheckout(_ folder: URL) -> Bool {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) else {
            return false
        }
        return text.contains("let brands = [")
    }

    var manifest: URL { root.appendingPathComponent("Package.swift") }

    /// The brand names of the manifest's brand list, in order (e.g. `Neds`).
    func brandNames() throws -> [String] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        guard let start = text.range(of: "let brands = [") ,
              let end = text.range(of: "]", range: start.upperBound..<text.endIndex) else {
            throw ToolError("Package.swift: the brand list `let brands = [ … ]` is missing")
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"") else { return nil }
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\", "))
        }
    }

    /// The brand name whose id (its lower-cased name) is `id`, ignoring case.
    func brandName(for id: String) throws -> String {
        let names = try brandNames()
        guard let name = names.first(where: { $0.lowercased() == id.lowercased() }) else {
            throw ToolError("unknown brand '\(id)'; known brands: \(names.map { $0.lowercased() }.joined(separator: ", "))")
        }
        return name
    }

    /// Runs `swift` with `arguments` in the checkout, its output streaming
    /// through; a header before, the outcome and elapsed time after.
    func swift(_ arguments: [String], describing what: String) throws {
        print(Terminal.bold("▶ swift \(arguments.joined(separator: " "))"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = root
        let started = ContinuousClock.now
        do {
            try process.run()
        } catch {
            throw ToolError("could not start swift: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let elapsed = started.duration(to: .now)
        let seconds = String(format: "%.1f s", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        guard process.terminationStatus == 0 else {
            print(Terminal.red("✘ \(what) failed after \(seconds)"))
            throw ExitCodeError(status: process.terminationStatus)
        }
        print(Terminal.green("✔ \(what) in \(seconds)"))
    }
}

/// A child process's failure, passed on as the tool's exit status.
struct ExitCodeError: Error {
    let status: Int32
}
