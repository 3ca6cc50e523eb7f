import Foundation

/// The checkout the tests were built from: its files by their path from the
/// root, such as `Tools/Servers/Contract/openapi.json`. Found once, by walking
/// up from this file to the folder that holds `Package.swift`.
public enum SourceTree {
    /// The checkout's root folder.
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        preconditionFailure("no Package.swift above \(#filePath): the tests run from a checkout")
    }()

    /// The file or folder at `path` from the checkout's root.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
