import Foundation
import LiveryConsole
import Testing

@Suite("Test folders are named after their targets")
struct TestLayoutTests {
    private struct Dump: Decodable {
        struct Target: Decodable {
            let name: String
            let type: String
            let path: String?
        }
        let targets: [Target]
    }

    @Test("every test target's folder is named after it, and every folder of Swift tests is a target's")
    func namedAfterTargets() async throws {
        // A scratch folder of its own: the running `swift test` holds the checkout's.
        let run = try await withTemporaryFolder { scratch in
            try await ChildProcess.running(
                ["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: thisCheckout.root,
                limit: .seconds(300))
        }
        try #require(run.succeeded, "swift package dump-package: \(run.errors)")
        let tests = try JSONDecoder().decode(Dump.self, from: Data(run.output.utf8)).targets.filter {
            $0.type == "test"
        }
        #expect(tests.count >= 10)
        for target in tests {
            let path = target.path ?? "Tests/\(target.name)"
            #expect(
                URL(fileURLWithPath: path).lastPathComponent == target.name,
                "\(target.name) lives in \(path)")
        }
        let declared = Set(tests.map { $0.path ?? "Tests/\($0.name)" })
        let testsFolder = thisCheckout.root.appendingPathComponent("Tests")
        var withSwift: Set<String> = []
        for case let file as URL in FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let relative = file.path.dropFirst(thisCheckout.root.path.count + 1)
            let parts = relative.split(separator: "/")
            // Tests/<Target>/… or Tests/Brands/<Name>BrandTests/…
            let depth = parts[1] == "Brands" ? 3 : 2
            withSwift.insert(parts.prefix(depth).joined(separator: "/"))
        }
        #expect(withSwift.subtracting(declared).isEmpty, "folders of Swift tests no target builds")
    }
}
