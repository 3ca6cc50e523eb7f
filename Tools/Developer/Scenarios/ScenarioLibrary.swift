import Foundation

/// Where scenario files live: `Tests/Scenarios/<brand id>/*.yaml` of this
/// checkout. The folder is found by walking up from the current directory,
/// or, failing that, next to this source file.
public enum ScenarioLibrary {
    /// The folder holding one scenario folder per brand: `root` when given,
    /// otherwise the nearest `Tests/Scenarios` above the current directory,
    /// otherwise this checkout's.
    public static func scenariosDirectory(root: String? = nil) -> String {
        let files = FileManager.default
        if let root { return root }
        var directory = URL(fileURLWithPath: files.currentDirectoryPath)
        while true {
            let candidate = directory.appendingPathComponent(relativePath)
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate.path
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        // Tools/Developer/Scenarios/ScenarioLibrary.swift → the checkout's root.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return checkout.appendingPathComponent(relativePath).path
    }

    /// Every `*.yaml` file of `brand`, sorted by name, as full paths.
    public static func files(for brand: String, root: String? = nil) -> [String] {
        let folder = URL(fileURLWithPath: scenariosDirectory(root: root)).appendingPathComponent(brand.lowercased())
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
            folder.appendingPathComponent($0).path
        }
    }

    /// The names of `brand`'s scenario files, sorted (one test argument each).
    public static func fileNames(for brand: String) -> [String] {
        files(for: brand).map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    private static let relativePath = "Tests/Scenarios"
}
