import Dispatch
import Foundation
import LiveryConsole
import Testing

/// `Tools/Developer/Availability/check` on a package of its own: what it
/// reports of planted uses, what it accepts, and the input it refuses.
@Suite("The availability check: what an app links, held to the promised platforms", .serialized)
struct AvailabilityCheckTests {
    private static let planted = """
        import Foundation
        import Synchronization

        public final class Planted: Sendable {
            let guarded = Mutex(0)
            let counted = Atomic<Int>(0)

            public init() {}

            public func evens(_ numbers: [Int]) -> Int {
                numbers.indices(where: { $0.isMultiple(of: 2) }).ranges.count
            }

            public func stamp() -> Date { Date() }
        }

        @available(iOS 18, macOS 15, *)
        public func underAttribute() -> Int { Mutex(1).withLock { $0 } }

        public func underCheck() -> Int {
            if #available(iOS 18, macOS 15, *) {
                return Mutex(2).withLock { $0 }
            }
            return 0
        }

        public func underGuard() -> Int {
            guard #available(iOS 18.0, macOS 15.0, *) else { return 0 }
            return Mutex(3).withLock { $0 }
        }

        public func macOSOnly() -> Int {
            if #available(macOS 15, *) {
                return Mutex(4).withLock { $0 }
            }
            return 0
        }

        """

    private static func manifest(platforms: String) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "Planted",
            platforms: [\(platforms)],
            targets: [.target(name: "Planted", swiftSettings: [.swiftLanguageMode(.v6)])]
        )

        """
    }

    private static let table = """
        | Foundation API | macOS | iOS |
        | --- | --- | --- |
        | `Date` | 10.10 | 8.0 |
        | `UUID` | 10.8 | 6.0 |

        """

    @Test(
        "a Mutex, an Atomic and a newer standard-library method are reported with their places and platforms; uses under @available, if #available and guard #available are not; a guard for macOS alone leaves iOS reported; the table is held to the code"
    )
    func plantedUses() async throws {
        try await withTemporaryFolder { folder in
            try Self.write(folder, manifest: Self.manifest(platforms: ".iOS(.v17), .macOS(.v14)"))
            let build = try await Self.run(["swift", "build", "--package-path", folder.path], seconds: 300)
            try #require(build.status == 0, "the fixture builds: \(build.output)")
            let check = try await Self.check(folder)
            #expect(check.status == 1, "\(check.output)")
            let reported = check.output.split(separator: "\n").map(String.init)
            let needs = "needs macOS 15.0, iOS 18.0; Package.swift promises iOS 17.0, macOS 14.0"
            for expected in [
                "Sources/Planted/Uses.swift:5:19: Mutex (Synchronization) \(needs)",
                "Sources/Planted/Uses.swift:5:19: Mutex.init(_:) (Synchronization) \(needs)",
                "Sources/Planted/Uses.swift:6:19: Atomic (Synchronization) \(needs)",
                "Sources/Planted/Uses.swift:11:17: Collection.indices(where:) (Swift) \(needs)",
                "Sources/Planted/Uses.swift:34:25: Mutex.withLock(_:) (Synchronization) needs iOS 18.0; Package.swift promises iOS 17.0, macOS 14.0",
            ] {
                #expect(reported.contains(expected), "missing: \(expected)\n\(check.output)")
            }
            let lines = Set(reported.compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } })
            #expect(lines.isDisjoint(with: [18, 22, 29]), "guarded uses reported: \(check.output)")
            #expect(check.output.contains("the row for UUID names nothing the app-facing modules use"))
            #expect(!check.output.contains("Foundation's Date"), "Date has its row")
        }
    }

    @Test(
        "without --modules, the modules are read from the manifest: a library product's target and a module it depends on that no product names (as LiveryWire and MarketPacks are to an app), not a module nothing links"
    )
    func modulesFromTheManifest() async throws {
        try await withTemporaryFolder { folder in
            let manifest = """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "Planted",
                    platforms: [.iOS(.v17), .macOS(.v14)],
                    products: [.library(name: "Planted", targets: ["Planted"])],
                    targets: [
                        .target(name: "Planted", dependencies: ["Wire"], swiftSettings: [.swiftLanguageMode(.v6)]),
                        .target(name: "Wire", swiftSettings: [.swiftLanguageMode(.v6)]),
                        .target(name: "Unlinked", swiftSettings: [.swiftLanguageMode(.v6)]),
                    ]
                )

                """
            try Self.write(folder, manifest: manifest)
            for module in ["Wire", "Unlinked"] {
                let sources = folder.appendingPathComponent("Sources/\(module)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try "import Synchronization\npublic let planted\(module) = Mutex(0)\n".write(
                    to: sources.appendingPathComponent("\(module).swift"), atomically: true, encoding: .utf8)
            }
            let build = try await Self.run(["swift", "build", "--package-path", folder.path], seconds: 300)
            try #require(build.status == 0, "the fixture builds: \(build.output)")
            let check = try await Self.run(
                [
                    thisCheckout.root.appendingPathComponent("Tools/Developer/Availability/check").path, "--package",
                    folder.path, "--table", folder.appendingPathComponent("table.md").path,
                ], seconds: 300)
            #expect(check.status == 1, "\(check.output)")
            #expect(check.output.contains("Sources/Wire/Wire.swift:2:"), "the dependency's use: \(check.output)")
            #expect(check.output.contains("Sources/Planted/Uses.swift:5:19: Mutex"), "\(check.output)")
            #expect(!check.output.contains("Sources/Unlinked/"), "a module nothing links: \(check.output)")
        }
    }

    @Test(
        "a platforms: line that is malformed or names an unknown platform, or no index store, is exit 2 naming the file",
        arguments: [
            (".iOS(.v17), .fooOS(.v1)", "unknown platform `fooOS`"),
            (".iOS(17)", "`.iOS(17)` in `platforms:` is not"),
            (".iOS(.v17), .macOS(.v14)", "no index store: run `swift build` first"),
        ])
    func badInput(platforms: String, message: String) async throws {
        try await withTemporaryFolder { folder in
            try Self.write(folder, manifest: Self.manifest(platforms: platforms))
            let check = try await Self.check(folder)
            #expect(check.status == 2)
            #expect(check.output.contains(message), "\(check.output)")
            #expect(check.output.contains(folder.lastPathComponent), "names the place: \(check.output)")
        }
    }

    private static func write(_ folder: URL, manifest: String) throws {
        let sources = folder.appendingPathComponent("Sources/Planted")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try planted.write(to: sources.appendingPathComponent("Uses.swift"), atomically: true, encoding: .utf8)
        try table.write(to: folder.appendingPathComponent("table.md"), atomically: true, encoding: .utf8)
    }

    private static func check(_ folder: URL) async throws -> (status: Int32, output: String) {
        let script = thisCheckout.root.appendingPathComponent("Tools/Developer/Availability/check").path
        return try await run(
            [
                script, "--package", folder.path, "--modules", "Planted", "--table",
                folder.appendingPathComponent("table.md").path,
            ], seconds: 120)
    }

    /// Runs `command` (found on PATH), stopping it after `seconds`; its status and everything it printed. On a
    /// thread of its own: a build waited for on one of the few threads every test shares would stall them all.
    private static func run(_ command: [String], seconds: Int) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcess.running(command, limit: .seconds(seconds))
        return (run.status, run.output + run.errors)
    }
}
