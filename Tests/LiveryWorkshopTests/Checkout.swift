import Foundation
import LiveryTesting
import LiveryWorkshop

/// This checkout (the tests run from its sources).
let thisCheckout = PackageCheckout(root: SourceTree.root)

/// A throwaway folder, removed by `body`'s end.
func withTemporaryFolder<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-workshop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Every file below `folder` with its contents, by relative path.
func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        files[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
    }
    return files
}
