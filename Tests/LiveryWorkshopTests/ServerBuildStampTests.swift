import Foundation
import LiveryWorkshop
import Testing

@Suite("livery-server is handed over at once only while it is newer than its sources")
struct ServerBuildStampTests {
    /// A checkout with a few sources and a built server, its files dated `base`.
    private func checkout(dated base: Date) throws -> (root: URL, server: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        let files = [
            "Package.swift", "Core/Runtime/Runtime.swift", "Tools/Servers/Sandbox/Sandbox.swift",
            "Tests/SomeTests.swift",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(file)\n".utf8).write(to: url)
        }
        let server = root.appendingPathComponent(".build/debug/livery-server")
        try FileManager.default.createDirectory(
            at: server.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: server)
        for file in files + [
            "Core/Runtime", "Core", "Tools/Servers/Sandbox", "Tools", "Tests", ".build/debug/livery-server",
        ] {
            try date(root.appendingPathComponent(file), base)
        }
        return (root, server)
    }

    private func date(_ url: URL, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    @Test("no stamp: build; once recorded: up to date; a source changed afterwards: build again")
    func stampFollowsSources() throws {
        let base = Date(timeIntervalSinceNow: -3600)
        let (root, server) = try checkout(dated: base)
        defer { try? FileManager.default.removeItem(at: root) }
        let stamp = ServerBuildStamp(server: server, checkout: root)
        #expect(!stamp.isUpToDate, "never recorded: it must be built")
        stamp.record()
        #expect(stamp.isUpToDate)
        try date(root.appendingPathComponent("Core/Runtime/Runtime.swift"), Date(timeIntervalSinceNow: 60))
        #expect(!stamp.isUpToDate, "a source edited after the build")
        stamp.record()
        let added = root.appendingPathComponent("Tools/Servers/Sandbox/New.swift")
        try Data().write(to: added)
        try date(added, Date(timeIntervalSinceNow: 60))
        #expect(!stamp.isUpToDate, "a source added after the build")
    }

    @Test("tests, build folders and hidden files do not make the server out of date")
    func unrelatedChanges() throws {
        let base = Date(timeIntervalSinceNow: -3600)
        let (root, server) = try checkout(dated: base)
        defer { try? FileManager.default.removeItem(at: root) }
        let stamp = ServerBuildStamp(server: server, checkout: root)
        stamp.record()
        let later = Date(timeIntervalSinceNow: 60)
        try date(root.appendingPathComponent("Tests/SomeTests.swift"), later)
        let nested = root.appendingPathComponent("Tools/Servers/Sandbox/.build/x.o")
        try FileManager.default.createDirectory(
            at: nested.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: nested)
        try date(nested, later)
        try date(nested.deletingLastPathComponent(), base)
        try date(root.appendingPathComponent("Tools/Servers/Sandbox"), base)
        #expect(stamp.isUpToDate)
    }
}
