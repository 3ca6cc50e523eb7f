import Foundation

/// The executables `swift build` (and `swift test`) put beside the test
/// bundle, for tests that run a tool as a person would: `livery`,
/// `livery-server`.
public enum BuiltExecutable {
    /// Why an executable could not be found.
    public struct Missing: Error, CustomStringConvertible {
        /// Which, and where it was looked for.
        public let description: String
    }

    /// The executable `name` built beside the tests.
    /// - Throws: ``Missing`` when it has not been built.
    public static func named(_ name: String) throws(Missing) -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw Missing(description: "\(name) is not built beside the tests in \(folder.path): run `swift build` first")
    }
}
