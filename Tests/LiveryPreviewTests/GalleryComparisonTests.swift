import BrandDeclarations
import Foundation
import LiveryConsole
import LiveryCore
import LiveryTesting
import Testing

@testable import LiveryPreview

/// Comparing a gallery with an earlier one, without a browser: which states are the same state, what the
/// earlier gallery's `gallery.json` may hold, the JUnit report and the revisions asked for.
@Suite("Comparing galleries: the same states found, an earlier gallery read within bounds, revisions resolved")
struct GalleryComparisonTests {
    private static func place(_ file: String, _ line: Int) -> GalleryManifest.Place {
        GalleryManifest.Place(file: file, line: line, step: line / 2 + 1, summary: "tap continue")
    }

    private static func state(
        _ brand: String, _ number: Int, _ places: [GalleryManifest.Place], page: String = "details"
    ) -> GalleryManifest.Entry {
        GalleryManifest.Entry(
            brand: brand, number: number, page: page, places: places,
            pictures: ["390x844": "\(brand)/390x844/\(String(format: "%03d", number)).png"])
    }

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "a state is matched by a place either gallery reached it at, within its brand; the rest appeared or vanished")
    func matching() {
        let earlier = [
            Self.state("neds", 0, [Self.place("01.yaml", 4)]),
            Self.state("neds", 1, [Self.place("01.yaml", 9), Self.place("02.yaml", 7)]),
            Self.state("neds", 2, [Self.place("03.yaml", 5)]),
            Self.state("tabnz", 0, [Self.place("01.yaml", 4)]),
        ]
        let current = [
            Self.state("neds", 0, [Self.place("01.yaml", 4)]),
            // First reached at what was another place of an earlier state (its first file changed).
            Self.state("neds", 1, [Self.place("02.yaml", 7)]),
            // A new screen.
            Self.state("neds", 2, [Self.place("04.yaml", 3)]),
            // The same place in another brand is another state.
            Self.state("betcha", 0, [Self.place("01.yaml", 4)]),
        ]
        let matched = GalleryComparison.match(earlier, current)
        #expect(
            matched.pairs.map { "\($0.0.brand)/\($0.0.number)=\($0.1.brand)/\($0.1.number)" } == [
                "neds/0=neds/0", "neds/1=neds/1",
            ])
        #expect(matched.appeared.map { "\($0.brand)/\($0.number)" } == ["neds/2", "betcha/0"])
        #expect(matched.vanished.map { "\($0.brand)/\($0.number)" } == ["neds/2", "tabnz/0"])
    }

    @Test("the report fails each screen changed more than the threshold, appeared and vanished ones as wholly changed")
    func report() {
        let earlier = Self.state("neds", 0, [Self.place("01.yaml", 4)])
        let comparison = GalleryComparison(
            against: "main (1a2b3c4d5e6f)",
            changes: [
                GalleryComparison.Change(
                    state: earlier,
                    sizes: [
                        GalleryComparison.SizeChange(
                            size: "390x844", changedPixels: 3_291, pixels: 329_160, beforePath: "before/x.png",
                            differencePath: "difference/x.png")
                    ]),
                GalleryComparison.Change(
                    state: Self.state("neds", 1, [Self.place("01.yaml", 9)]),
                    sizes: [
                        GalleryComparison.SizeChange(
                            size: "390x844", changedPixels: 0, pixels: 329_160, beforePath: nil, differencePath: nil)
                    ]),
            ],
            appeared: [Self.state("neds", 2, [Self.place("<&\"'>.yaml", 3)])], vanished: [], drawnDifferently: nil)
        #expect(comparison.changes[0].percent > 0.99 && comparison.changes[0].percent < 1.01)
        #expect(comparison.exceeding(0.5) == 2, "the 1% screen and the new one")
        #expect(comparison.exceeding(1.5) == 1, "only the new one")
        #expect(comparison.exceeding(100) == 0, "nothing changes more than everything")
        let failing = comparison.junit(threshold: 0.5)
        #expect(failing.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(failing.contains(#"tests="3" failures="2""#))
        #expect(failing.contains("&lt;&amp;&quot;'&gt;.yaml"), "hostile file names are escaped")
        #expect(!failing.contains("<&"))
        let listing = comparison.junit(threshold: nil)
        #expect(!listing.contains("<failure"), "without a threshold nothing fails")
        #expect(listing.contains("390x844: 1.00% of the pixels changed"))
    }

    @Test("an earlier gallery's manifest is read back as written, and refused, naming its file, past every bound")
    func manifestBounds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(GalleryManifest.fileName)
        let valid = GalleryManifest(
            sizes: ["390x844"], brands: [GalleryManifest.Brand(id: "neds", name: "Neds")],
            states: [Self.state("neds", 0, [Self.place("01.yaml", 4)])], drawnWith: "Chromium 1")
        try JSONEncoder().encode(valid).write(to: file)
        #expect(try GalleryManifest.read(from: folder) == valid)
        func refused(
            _ change: (inout GalleryManifest) -> Void, _ said: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            var manifest = valid
            change(&manifest)
            try JSONEncoder().encode(manifest).write(to: file)
            let error = #expect(throws: GalleryError.self, sourceLocation: sourceLocation) {
                try GalleryManifest.read(from: folder)
            }
            #expect(error?.description.hasPrefix(file.path) == true, sourceLocation: sourceLocation)
            #expect(
                error?.description.contains(said) == true, "\(error?.description ?? "")", sourceLocation: sourceLocation
            )
        }
        for path in [
            "../../etc/passwd", "/etc/passwd", "neds//x.png", "neds/./x.png", "neds/%2e%2e/x.png", "neds\\x.png", "",
        ] {
            try refused(
                {
                    $0.states[0] = GalleryManifest.Entry(
                        brand: "neds", number: 0, page: "details", places: $0.states[0].places,
                        pictures: ["390x844": path])
                }, "is not a path inside the gallery")
        }
        try refused({ $0.format = 2 }, "format 2")
        try refused({ $0.sizes = ["10x10"] }, "sizes")
        try refused({ $0.states[0] = Self.state("betcha", 0, [Self.place("01.yaml", 4)]) }, "is not listed")
        try refused({ $0.states[0] = Self.state("neds", 0, []) }, "places")
        try refused(
            { $0.states[0] = Self.state("neds", 0, [Self.place(String(repeating: "a", count: 5_000), 4)]) }, "places")
        try refused(
            { $0.states = Array(repeating: $0.states[0], count: GalleryManifest.maximumStates + 1) }, "more than")
        try Data(repeating: 0x20, count: GalleryManifest.maximumSize + 1).write(to: file)
        #expect(throws: GalleryError.self) { try GalleryManifest.read(from: folder) }
        for text in [
            "", "{", "null", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
            "{\"format\": 1}",
        ] {
            try Data(text.utf8).write(to: file)
            let error = #expect(throws: GalleryError.self) { try GalleryManifest.read(from: folder) }
            #expect(
                error?.description.contains("is not a gallery manifest") == true,
                "\(text.prefix(20)): \(error?.description ?? "")")
        }
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let pipe = #expect(throws: GalleryError.self) { try GalleryManifest.read(from: folder) }
        #expect(pipe?.description.contains("is a named pipe (FIFO)") == true, "\(pipe?.description ?? "")")
        try FileManager.default.removeItem(at: file)
        let missing = #expect(throws: GalleryError.self) { try GalleryManifest.read(from: folder) }
        #expect(missing?.description.contains("is this a gallery's folder?") == true)
    }

    @Test("an earlier picture that is a named pipe or missing is refused, naming it, without waiting on it")
    @MainActor
    func unreadablePictures() async throws {
        let earlier = try Self.folder()
        let current = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: earlier)
            try? FileManager.default.removeItem(at: current)
        }
        let state = Self.state("neds", 0, [Self.place("01.yaml", 4)])
        let path = try #require(state.pictures["390x844"])
        let manifest = GalleryManifest(
            sizes: ["390x844"], brands: [GalleryManifest.Brand(id: "neds", name: "Neds")], states: [state],
            drawnWith: nil)
        for folder in [earlier, current] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("neds/390x844"), withIntermediateDirectories: true)
        }
        try Data("png".utf8).write(to: current.appendingPathComponent(path))
        let file = earlier.appendingPathComponent(path)
        for (pipe, said) in [(true, "is a named pipe (FIFO)"), (false, "there is no such file")] {
            try? FileManager.default.removeItem(at: file)
            if pipe { #expect(mkfifo(file.path, 0o600) == 0) }
            let error = await #expect(throws: GalleryError.self) {
                try await GalleryComparison.compare(
                    earlier: manifest, in: earlier, with: manifest, in: current, against: "earlier")
            }
            #expect(
                error?.description.hasPrefix(file.path) == true && error?.description.contains(said) == true,
                "\(error?.description ?? "")")
        }
    }

    @Test(
        "1,000 mutated manifests, grown, nested and garbled: each is read or refused naming its file, never crashed on")
    func fuzzedManifests() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(GalleryManifest.fileName)
        let valid = GalleryManifest(
            sizes: ["390x844", "1280x900"],
            brands: [GalleryManifest.Brand(id: "neds", name: "Neds"), GalleryManifest.Brand(id: "tabnz", name: "TAB")],
            states: [
                Self.state("neds", 0, [Self.place("01.yaml", 4), Self.place("02.yaml", 8)]),
                Self.state("tabnz", 0, [Self.place("01.yaml", 4)], page: "account"),
            ], drawnWith: "Chromium 1")
        var random = SeededGenerator(seed: 0x6A11)
        var refused = 0
        for _ in 0..<1_000 {
            var document = JSONValue(encoding: valid)
            for _ in 0..<Int.random(in: 1...4, using: &random) { document = JSONMutation.mutate(document, &random) }
            try Data(document.formatted().utf8).write(to: file)
            do {
                let read = try GalleryManifest.read(from: folder)
                for state in read.states {
                    #expect(state.pictures.values.allSatisfy(GalleryManifest.isInside), "a path leaves the folder")
                }
            } catch {
                #expect(error.description.hasPrefix(file.path + ": "), "\(error.description.prefix(200))")
                refused += 1
            }
        }
        #expect(refused > 500, "most mutations make the manifest wrong: \(refused) of 1,000 were refused")
    }

    @Test("a revision that is not one is refused at once; one that exists is its full commit")
    func revisions() throws {
        let checkout = SourceTree.root
        for name in [
            "no-such-branch-\(UUID().uuidString.prefix(8))", "-rf", "", "HEAD\n", String(repeating: "a", count: 300),
        ] {
            let error = #expect(throws: GalleryError.self) { try GalleryRevision.resolve(name, in: checkout) }
            #expect(error?.description.hasPrefix("--against") == true, "\(error?.description ?? "")")
        }
        let head = try GalleryRevision.resolve("HEAD", in: checkout)
        #expect(head.commit.count == 40 && head.commit.allSatisfy(\.isHexDigit))
        #expect(head.label == "HEAD (\(head.commit.prefix(12)))")
    }

    @Test(
        "a revision that does not build is said not to build, with the compiler's words, and nothing is kept as built")
    func revisionThatDoesNotBuild() async throws {
        let repository = try Self.folder()
        defer { try? FileManager.default.removeItem(at: repository) }
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: 1)\n".utf8).write(
            to: repository.appendingPathComponent("Package.swift"))
        for arguments in [
            ["init", "-q"], ["add", "Package.swift"],
            ["-c", "user.name=Livery", "-c", "user.email=livery@example.com", "commit", "-q", "-m", "broken"],
        ] {
            let git = try await ChildProcess.running(["git", "-C", repository.path] + arguments, limit: .seconds(60))
            try #require(git.succeeded, "git \(arguments): \(git.errors)")
        }
        let revision = try GalleryRevision.resolve("HEAD", in: repository)
        let error = await #expect(throws: GalleryError.self) {
            try await revision.gallery(brands: ["neds"], sizes: GallerySize.standard) { _ in }
        }
        #expect(error?.description.contains("does not build") == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("error") == true, "the compiler's words: \(error?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: revision.folder.appendingPathComponent("built").path))
        #expect(
            FileManager.default.fileExists(atPath: revision.folder.appendingPathComponent("source/Package.swift").path))
    }
}
