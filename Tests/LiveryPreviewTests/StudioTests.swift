import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryPreview
import LiveryScenarios
import LiveryTesting
import NedsBrand
import Testing

/// A copy of the brand `id`'s plugin folder as `<brands>/<Name>/Plugin` and of its scenarios as `<scenarios>/<id>`.
private func studioFiles(brands: URL, scenarios: URL, id: String = "neds") throws {
    let root = SourceTree.root
    let name = try #require(
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Brands").path)
            .first { $0.lowercased() == id })
    try FileManager.default.createDirectory(at: brands.appendingPathComponent(name), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
        at: root.appendingPathComponent("Brands/\(name)/Plugin"), to: brands.appendingPathComponent("\(name)/Plugin"))
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
        at: root.appendingPathComponent("Tests/Scenarios/\(id)"), to: scenarios.appendingPathComponent(id))
}

/// A message the preview sends, as these tests read it: its type and whichever of the studio's fields it carries.
private struct StudioSent: Decodable, CustomStringConvertible {
    struct Problem: Decodable {
        let path: String
        let message: String
    }
    struct Pair: Decodable {
        let foreground: String
        let background: String
        let passes: Bool
    }
    struct DoctorFailure: Decodable {
        let check: String
        let problems: [String]
    }
    struct Suggestion: Decodable {
        let background: String
        let role: String
        let current: String
        let shade: String
    }
    struct Verdict: Decodable {
        let file: String
        let passed: Bool
        let failure: String?
    }
    struct Line: Decodable {
        let setting: String
    }

    let type: String
    var message: String?
    var file: String?
    var document: JSONValue?
    var problem: Problem?
    var contrast: [Pair]?
    var doctor: [DoctorFailure]?
    var suggestions: [Suggestion]?
    var difference: [Line]?
    var scenarios: [Verdict]?
    var edited: Bool?
    var fileChanged: Bool?
    var note: String?
    var css: String?
    var fields: [String]?
    var screen: JSONValue?

    var description: String { "\(type): \(message ?? note ?? problem?.message ?? "")" }
}

/// The next message of `type` that `done` accepts; fails after `limit` messages
/// (a run of every scenario, long on a loaded machine, sees the journey's screens meanwhile: give it more).
private func next(
    _ type: String, on socket: PreviewSocket, within limit: Int = 300,
    where done: (StudioSent) -> Bool = { _ in true }
) async throws -> StudioSent {
    for _ in 0..<limit {
        guard let text = try await socket.receive() else { break }
        let message = try JSONDecoder().decode(StudioSent.self, from: Data(text.utf8))
        if message.type == type, done(message) { return message }
    }
    Issue.record("no \(type) message was as expected")
    return StudioSent(type: "none")
}

private func failing(_ studio: StudioSent) -> [String] {
    (studio.contrast ?? []).filter { !$0.passes }.map { "\($0.foreground)/\($0.background)" }
}

private func set(_ path: [String], _ value: String, on socket: PreviewSocket) async throws {
    try await set(path, .string(value), on: socket)
}

/// Sends a `studioSet` of `value` at `path`.
private func set(_ path: [String], _ value: JSONValue, on socket: PreviewSocket) async throws {
    let message = JSONValue.object([
        ("type", .string("studioSet")), ("path", .array(path.map(JSONValue.string))), ("value", value),
    ])
    try await socket.send(message.formatted())
}

@Suite("The brand studio over a real WebSocket: edits checked like the file, the session on the edited brand")
struct StudioTests {
    @Test(
        "a colour repaints and marks its contrast, a refused value keeps the brand, new words fail exactly the scenarios expecting the old ones, and a save writes the brand's own file"
    )
    func studio() async throws {
        let brands = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: brands) }
        // The standard form's words for a taken username, which Neds keeps.
        let oldWords = "That username is taken."
        try await withPreview(configure: { $0.brandFiles = brands }) { client, folder in
            try studioFiles(brands: brands, scenarios: folder)
            try await client.ws("/ws?brand=neds") { socket in
                _ = try await next("screen", on: socket)
                try await socket.send(#"{"type":"studioOpen"}"#)
                let opened = try await next("studio", on: socket)
                #expect(
                    opened.file == "Brands/Neds/Plugin/brand.json" && opened.edited == false)
                #expect(failing(opened).isEmpty)

                try await set(["theme", "colours", "primary"], "#333333", on: socket)
                _ = try await next("restarted", on: socket)
                let dark = try await next("studio", on: socket)
                #expect(dark.css?.contains("--color-primary: #333333;") == true)
                #expect(failing(dark) == ["onPrimary/primary"], "Neds' near-black text on #333333")
                #expect(
                    dark.difference?.contains {
                        $0.setting == "theme.color.primary"
                    }
                        == true)

                try await set(["theme", "colours", "primary"], "blue", on: socket)
                let refused = try await next("studio", on: socket)
                #expect(refused.problem?.path == "theme.colours.primary")
                #expect(refused.problem?.message.contains("'blue' is not a colour") == true)
                #expect(
                    refused.css?.contains("--color-primary: #333333;") == true, "the last good brand")
                try await socket.send(#"{"type":"studioSave"}"#)
                let notSaved = try await next("error", on: socket)
                #expect(notSaved.message?.contains("not saved") == true)

                try await set(["theme", "colours", "primary"], "#ffb000", on: socket)
                let fixed = try await next("studio", on: socket) { $0.problem == nil }
                #expect(failing(fixed).isEmpty, "fixed: \(failing(fixed))")

                try await set(["messages", "username.taken"], "Gone. Pick another?", on: socket)
                _ = try await next("studio", on: socket)
                try await socket.send(#"{"type":"studioRun"}"#)
                let run = try await next("studio", on: socket, within: 100_000) { $0.scenarios != nil }
                let verdicts = try #require(run.scenarios)
                let files = try FileManager.default.contentsOfDirectory(
                    atPath: folder.appendingPathComponent("neds").path)
                #expect(verdicts.count == files.filter { $0.hasSuffix(".yaml") }.count)
                let expected = try files.filter {
                    try String(contentsOf: folder.appendingPathComponent("neds/\($0)"), encoding: .utf8).contains(
                        oldWords)
                }.sorted()
                let failed = verdicts.filter { $0.passed == false }.map(\.file)
                #expect(!expected.isEmpty && failed == expected, "failed \(failed), expected \(expected)")
                let failure = verdicts.first { !$0.passed }?.failure ?? ""
                #expect(
                    failure.contains(".yaml:") && failure.contains(oldWords) && failure.contains("Gone. Pick another?"))

                try await socket.send(#"{"type":"studioSave"}"#)
                let saved = try await next("studio", on: socket) { $0.note?.hasPrefix("Saved") == true }
                #expect(saved.edited == false)
                let file = brands.appendingPathComponent("Neds/Plugin/brand.json")
                let written = try BrandDefinition.read(
                    json: Data(contentsOf: file), file: "brand.json",
                    folder: .directory(file.deletingLastPathComponent()))
                #expect(written.theme.palette.primary.hexString == "#ffb000")
                #expect(written.messageTemplates["username.taken"] == "Gone. Pick another?")
                #expect(try String(contentsOf: file, encoding: .utf8) == written.fileDocument().formatted())
            }
        }
    }

    @Test(
        "for every brand: a field removed and a field added after another reach the journey at once; Discard brings the file's form back",
        arguments: packageBrandIDs)
    func formAmendments(_ id: String) async throws {
        let brands = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: brands) }
        try await withPreview(configure: { $0.brandFiles = brands }) { client, folder in
            try studioFiles(brands: brands, scenarios: folder, id: id)
            try await client.ws("/ws?brand=\(id)") { socket in
                _ = try await next("screen", on: socket)
                try await socket.send(#"{"type":"studioOpen"}"#)
                let opened = try await next("studio", on: socket)
                let fields = try #require(opened.fields)
                #expect(
                    fields.contains("mobile") && fields.contains("marketingConsent") && !fields.contains("promoCode"))
                let promoCode = JSONValue.object([
                    ("name", .string("promoCode")), ("inputType", .string("Text")),
                    ("validate", .object([("mandatory", .bool(false))])),
                ])
                try await set(
                    ["joinForm", "addFields"], .array([.object([("after", .string("mobile")), ("field", promoCode)])]),
                    on: socket)
                // The session restarts on the edited form: its first screen, then the studio's answer.
                let screen = try await next("screen", on: socket)
                let rows = try #require(screen.screen?["join"]?["rows"])
                #expect(rows.formatted().contains("promoCode"), "the journey runs on the edited form")
                let withPromo = try await next("studio", on: socket)
                let order = try #require(withPromo.fields)
                #expect(order.firstIndex(of: "promoCode") == order.firstIndex(of: "mobile").map { $0 + 1 })
                try await set(["joinForm", "removeFields"], "marketingConsent", on: socket)
                let refused = try await next("studio", on: socket)
                #expect(refused.problem?.path == "joinForm.removeFields")
                try await set(["joinForm", "removeFields"], .array([.string("marketingConsent")]), on: socket)
                let without = try await next("studio", on: socket) {
                    $0.fields?.contains("marketingConsent") == false
                }
                #expect(without.edited == true && without.problem == nil)
                try await socket.send(#"{"type":"studioDiscard"}"#)
                let back = try await next("studio", on: socket) { $0.edited == false }
                #expect(back.fields == fields)
            }
        }
    }

    @Test(
        "a brand the doctor refuses is never saved: the failing check is named, Save is refused saying which, and the nearest passing shade, applied, saves"
    )
    func doctorHoldsTheSave() async throws {
        let brands = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: brands) }
        try await withPreview(configure: { $0.brandFiles = brands }) { client, folder in
            try studioFiles(brands: brands, scenarios: folder)
            let file = brands.appendingPathComponent("Neds/Plugin/brand.json")
            let before = try Data(contentsOf: file)
            try await client.ws("/ws?brand=neds") { socket in
                _ = try await next("screen", on: socket)
                try await socket.send(#"{"type":"studioOpen"}"#)
                let opened = try await next("studio", on: socket)
                #expect(opened.doctor?.isEmpty == true)
                try await set(["theme", "colours", "primary"], "#0b5fff", on: socket)
                let failing = try await next("studio", on: socket) { $0.doctor?.isEmpty == false }
                let doctor = try #require(failing.doctor?.first)
                #expect(doctor.check == "contrast")
                #expect(doctor.problems.contains { $0.contains("onPrimary on primary: 3.68:1 (needs 4.5:1)") })
                try await socket.send(#"{"type":"studioSave"}"#)
                let refused = try await next("error", on: socket)
                #expect(refused.message?.contains("`livery doctor` would refuse") == true)
                #expect(try Data(contentsOf: file) == before, "nothing refused reaches the disk")

                let suggestions = try #require(failing.suggestions)
                let offer = try #require(suggestions.first { $0.background == "primary" })
                #expect(offer.role == "primary" && offer.current == "#0b5fff")
                let shade = offer.shade
                try await set(["theme", "colours", "primary"], shade, on: socket)
                let mended = try await next("studio", on: socket) { $0.doctor?.isEmpty == true }
                #expect(mended.suggestions?.isEmpty == true)
                try await socket.send(#"{"type":"studioSave"}"#)
                _ = try await next("studio", on: socket) { $0.note?.hasPrefix("Saved") == true }
                let written = try BrandDefinition.read(
                    json: Data(contentsOf: file), file: "brand.json",
                    folder: .directory(file.deletingLastPathComponent()))
                #expect(written.theme.palette.primary.hexString == shade)
                #expect(BrandConformance.checks(written).allSatisfy { $0.passed })
            }
        }
    }

    @Test("two pages editing one brand: the second hears of the first's save, and its own save is refused as stale")
    func twoPages() async throws {
        let brands = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: brands) }
        try await withPreview(configure: { $0.brandFiles = brands }) { client, folder in
            try studioFiles(brands: brands, scenarios: folder)
            try await client.ws("/ws?brand=neds") { first in
                try await client.ws("/ws?brand=neds") { second in
                    for socket in [first, second] {
                        _ = try await next("screen", on: socket)
                        try await socket.send(#"{"type":"studioOpen"}"#)
                        _ = try await next("studio", on: socket)
                    }
                    try await set(["theme", "fontFamily"], "Neds Display", on: second)
                    _ = try await next("studio", on: second)
                    try await set(["theme", "colours", "link"], "#0645ad", on: first)
                    _ = try await next("studio", on: first)
                    try await first.send(#"{"type":"studioSave"}"#)
                    _ = try await next("studio", on: first) { $0.note?.hasPrefix("Saved") == true }
                    let told = try await next("studio", on: second) { $0.fileChanged == true }
                    #expect(told.edited == true)
                    try await second.send(#"{"type":"studioSave"}"#)
                    let refused = try await next("error", on: second)
                    #expect(refused.message?.contains("changed on disk since it was loaded") == true)
                    try await second.send(#"{"type":"studioDiscard"}"#)
                    let fresh = try await next("studio", on: second) { $0.fileChanged == false }
                    #expect(fresh.document?["theme"]?["colours"]?["link"] == .string("#0645ad"))
                }
            }
        }
    }

    @Test("without brand files the studio says so; a bad path or a missing value is refused before anything happens")
    func refusals() async throws {
        try await withPreview { client, _ in
            try await client.ws("/ws?brand=neds") { socket in
                _ = try await next("screen", on: socket)
                try await socket.send(#"{"type":"studioOpen"}"#)
                let off = try await next("error", on: socket)
                #expect(
                    off.message?.contains("brand studio edits brand files in a Livery checkout") == true
                )
                for (message, expected) in [
                    (#"{"type":"studioSet","path":[],"value":1}"#, "'path' must be a list of 1 to 8 keys"),
                    (#"{"type":"studioSet","path":["theme"]}"#, "'value' is missing"),
                    (#"{"type":"studioSet","path":"theme","value":1}"#, "'path' must be a list"),
                ] {
                    try await socket.send(message)
                    let error = try await next("error", on: socket)
                    #expect(error.message?.contains(expected) == true, "\(message): \(error)")
                }
            }
        }
    }
}
