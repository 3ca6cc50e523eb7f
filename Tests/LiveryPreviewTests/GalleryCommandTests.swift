import Foundation
import LiveryConsole
import LiveryTesting
import Testing

@Suite("livery gallery refuses bad input with exit 2 and writes nothing", .serialized)
struct GalleryCommandTests {
    @Test(
        "an unknown brand or size, an --out holding other files or a file, no Chromium, a revision that is not one: exit 2 naming it, nothing written"
    )
    func badInput() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let crowded = folder.appendingPathComponent("crowded")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: crowded.appendingPathComponent("notes.txt"))
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let fresh = folder.appendingPathComponent("fresh").path
        let server = try BuiltExecutable.named("livery-server")
        let withoutChromium = ["PATH": "/nonexistent"]
        for (arguments, environment, said) in [
            (["--brands", "nedz", "--out", fresh], [:], "unknown brand 'nedz' (did you mean 'neds'?)"),
            (["--sizes", "390x844,10x10", "--out", fresh], [:], "'10x10' is not a size"),
            (["--sizes", "390x", "--out", fresh], [:], "'390x' is not a size"),
            (["--brands", "neds", "--out", crowded.path], [:], "holds other files"),
            (["--brands", "neds", "--out", file.path], [:], "is a file, not a folder"),
            (["--brands", "neds", "--out", fresh], withoutChromium, "drawing needs headless Chromium"),
            (["--brands", "neds", "--out", fresh, "--against", "no-such-revision"], [:], "no such revision"),
            (["--brands", "neds", "--out", fresh, "--against=-x"], [:], "is not a revision"),
            (
                ["--brands", "neds", "--out", fresh, "--against", "HEAD", "--fail-on-change", "150"], [:],
                "is not a share"
            ),
            (["--brands", "neds", "--out", fresh, "--fail-on-change", "1"], [:], "give --against"),
            (["--brands", "neds", "--out", fresh, "--against", crowded.path], [:], "holds no gallery.json"),
            (["--brands", "neds", "--out", fresh, "--brand-file", file.path], [:], "a-file"),
        ] as [([String], [String: String?], String)] {
            let run = try await ChildProcess.running(
                [server.path, "gallery", "--no-colour"] + arguments, in: folder, environment: environment,
                limit: .seconds(120))
            #expect(run.status == ExitStatus.badInput, "\(arguments): \(run.output)\(run.errors)")
            #expect(run.errors.contains(said), "\(arguments): \(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(try FileManager.default.contentsOfDirectory(atPath: crowded.path) == ["notes.txt"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["a-file", "crowded"], "no half-drawn folder is left beside --out")
    }
}
