import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryConsole
import LiveryCore
import LiveryScenarios
import LiveryWorkshop
import Testing

@Suite("A brand file edited in the studio: read like the file, saved only clean, equal and fresh")
struct BrandDraftTests {
    /// A copy of the shipped brand `id`'s plugin folder (brand file and logo) in a fresh folder.
    static func copy(_ id: String) throws -> URL {
        let name = try thisCheckout.brandName(for: id)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("draft-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: thisCheckout.root.appendingPathComponent("Brands/\(name)/Plugin"), to: folder)
        return folder
    }

    static func text(_ folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("brand.json"), encoding: .utf8)
    }

    @Test("load, no edit, save: the file is byte for byte the same, for every brand", arguments: packageBrandIDs)
    func roundTrip(_ id: String) throws {
        let folder = try Self.copy(id)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.text(folder)
        var draft = try BrandDraft(pluginFolder: folder, name: "\(id)/brand.json")
        #expect(!draft.isEdited && draft.problem == nil && draft.difference.isEmpty)
        #expect(try draft.save() == .unchanged)
        // An edit taken back is no edit either.
        let primary = try #require(draft.document["theme"]?["colours"]?["primary"])
        draft.set(["theme", "colours", "primary"], to: .string("#123456"))
        draft.set(["theme", "colours", "primary"], to: primary)
        #expect(try draft.save() == .unchanged)
        #expect(try Self.text(folder) == before)
    }

    @Test("a hand-edited file that was not edited in the studio keeps its own layout")
    func handEdited() throws {
        let folder = try Self.copy("neds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spaced = try Self.text(folder).replacingOccurrences(of: "\n  ", with: "\n      ")
        try spaced.write(to: folder.appendingPathComponent("brand.json"), atomically: true, encoding: .utf8)
        var draft = try BrandDraft(pluginFolder: folder, name: "neds/brand.json")
        #expect(try draft.save() == .unchanged)
        #expect(try Self.text(folder) == spaced)
    }

    @Test(
        "an edit is read like the file: the new colour reaches the theme, the contrast and the difference; saved, it reads back"
    )
    func edit() throws {
        let folder = try Self.copy("neds")
        defer { try? FileManager.default.removeItem(at: folder) }
        var draft = try BrandDraft(pluginFolder: folder, name: "neds/brand.json")
        #expect(draft.set(["theme", "colours", "primary"], to: .string("#333333")) == nil)
        #expect(draft.brand.theme.palette.primary.hexString == "#333333")
        let pair = try #require(draft.contrast.first { $0.foreground == .onPrimary && $0.background == .primary })
        #expect(!pair.passes, "Neds' near-black text on #333333 fails: \(pair)")
        #expect(draft.difference.map(\.setting).contains("theme.color.primary"))
        draft.set(["theme", "colours", "primary"], to: .string("#ffb000"))
        draft.set(["messages", "username.taken"], to: .string("Gone. Pick another?"))
        #expect(draft.contrast.allSatisfy { $0.passes })
        #expect(try draft.save() == .written)
        let written = try Self.text(folder)
        #expect(written == draft.brand.fileDocument().formatted(), "the brand's own layout, keys in their order")
        let again = try BrandDefinition.read(
            json: Data(written.utf8), file: "neds/brand.json", folder: .directory(folder))
        #expect(again == draft.brand && again.messageTemplates["username.taken"] == "Gone. Pick another?")
        #expect(!draft.isEdited && !draft.fileChanged)
    }

    @Test("a value the reader refuses is shown with its key path and message, never saved; the last good brand stays")
    func refused() throws {
        let folder = try Self.copy("tabnz")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.text(folder)
        var draft = try BrandDraft(pluginFolder: folder, name: "tabnz/brand.json")
        for (path, value, message) in [
            (
                ["theme", "colours", "primary"], JSONValue.string("blue"),
                "at theme.colours.primary: 'blue' is not a colour"
            ),
            (["appBar", "promotions"], .string("lockr"), "unknown entry 'lockr' (did you mean 'locker'?)"),
            (["theme", "colour"], .object([]), "at theme.colour: unknown key 'colour'"),
            (["joinForm", "removeFields"], .string("promoCode"), "expected a list of field names"),
        ] as [([String], JSONValue, String)] {
            let refusal = draft.set(path, to: value)
            let error = try #require(refusal)
            #expect("\(error)".contains(message), "\(error)")
            #expect(draft.brand == draft.originalBrand, "the session keeps running the last good brand")
            #expect(throws: ToolError.self) { try draft.save() }
            draft.set(path, to: nil)
            if path == ["theme", "colours", "primary"] || path == ["appBar", "promotions"] {
                try draft.discard()
            }
        }
        let deep = draft.set(Array(repeating: "a", count: 9), to: .null)
        #expect(deep.map { "\($0)".contains("1 to 8 keys") } == true)
        #expect(try Self.text(folder) == before, "nothing refused reaches the disk")
    }

    @Test(
        "two drafts of one file: the first save wins, the second is refused as stale, and discarding shows the first's change"
    )
    func stale() throws {
        let folder = try Self.copy("betcha")
        defer { try? FileManager.default.removeItem(at: folder) }
        var first = try BrandDraft(pluginFolder: folder, name: "betcha/brand.json")
        var second = try BrandDraft(pluginFolder: folder, name: "betcha/brand.json")
        first.set(["flags", "login-native"], to: .bool(true))
        second.set(["theme", "fontFamily"], to: .string("Betcha Sans"))
        #expect(try first.save() == .written)
        #expect(second.fileChanged)
        #expect {
            try second.save()
        } throws: { "\($0)".contains("changed on disk since it was loaded") }
        try second.discard()
        #expect(second.brand.featureFlagDefaults[.loginNative] == true && !second.isEdited)
    }

    @Test("saved from the studio, the brand passes what `livery doctor` checks and every one of its scenario files")
    @MainActor
    func savedBrandPasses() async throws {
        let folder = try Self.copy("neds")
        defer { try? FileManager.default.removeItem(at: folder) }
        var draft = try BrandDraft(pluginFolder: folder, name: "neds/brand.json")
        draft.set(["theme", "colours", "focusRing"], to: .string("#d35400"))
        draft.set(["theme", "fontFamily"], to: .string("Neds Display"))
        #expect(try draft.save() == .written)
        let saved = try BrandDefinition.read(
            json: Data(try Self.text(folder).utf8), file: "neds/brand.json", folder: .directory(folder))
        let checks = BrandConformance.checks(saved)
        #expect(checks.allSatisfy { $0.passed }, "\(checks.filter { !$0.passed })")
        let runner = ScenarioRunner(composition: try Composition([saved]))
        for file in ScenarioLibrary.fileNames(for: "neds") {
            let result = try await runner.run(
                file: ScenarioLibrary.scenariosDirectory() + "/neds/\(file)", brand: "neds")
            #expect(result.passed, "\(file): \(result.failure.map { String(describing: $0) } ?? "")")
        }
    }
}
