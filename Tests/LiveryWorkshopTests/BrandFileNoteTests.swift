import Foundation
import LiveryConsole
import LiveryTesting
import Testing

@Suite("livery doctor notes a brand file's old names without failing it")
struct BrandFileNoteTests {
    @Test(
        "a brand file saying region for market passes doctor with a note naming the file and key; a current one has none"
    )
    func oldMarketKeyNoted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = SourceTree.url("Brands/Neds/Plugin")
        for file in try FileManager.default.contentsOfDirectory(atPath: shipped.path) {
            try FileManager.default.copyItem(
                at: shipped.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let current = folder.appendingPathComponent("brand.json")
        let text = try String(contentsOf: current, encoding: .utf8)
        #expect(text.contains(#""market": "AU""#))
        let old = folder.appendingPathComponent("old.json")
        try Data(text.replacingOccurrences(of: #""market": "AU""#, with: #""region": "AU""#).utf8).write(to: old)

        let livery = try BuiltExecutable.named("livery")
        for (file, noted) in [(old, true), (current, false)] {
            let run = try await ChildProcess.running(
                [livery.path, "doctor", "neds", "--brand-file", file.path, "--no-colour"], in: folder,
                limit: .seconds(120))
            #expect(run.status == ExitStatus.success, "\(file.lastPathComponent): \(run.output)\(run.errors)")
            let note = "note: \(file.path): region: 'region' is now 'market' (still read; rename the key)"
            #expect(run.errors.contains(note) == noted, "\(file.lastPathComponent): \(run.errors)")
        }
    }
}
