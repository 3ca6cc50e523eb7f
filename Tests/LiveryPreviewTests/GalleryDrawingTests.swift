import Foundation
import LiveryComposition
import LiveryScenarios
import LiveryTesting
import LiveryWorkshop
import Testing

@testable import LiveryPreview

/// The gallery's pictures, drawn by the headless Chromium Debian packages (`chromium`, `chromium-driver`).
@Suite(
    "The gallery draws the same pixels for the same revision, and a brand's change in that brand's pictures only",
    .enabled(
        if: Chromium.find(Chromium.drivers) != nil && Chromium.find(Chromium.browsers) != nil,
        "Chromium and its driver are not installed (apt install chromium chromium-driver)"),
    .serialized)
@MainActor
struct GalleryDrawingTests {
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `composition` with TAB NZ's brand file copied into `folder` and its primary colour changed.
    private static func recolouredTabNZ(_ composition: Composition, in folder: URL) throws -> Composition {
        let copy = folder.appendingPathComponent("TabNZ")
        try FileManager.default.copyItem(at: SourceTree.url("Brands/TabNZ/Plugin"), to: copy)
        let file = copy.appendingPathComponent("brand.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let primary = try #require(text.range(of: ##""primary": "#[0-9a-fA-F]{6}""##, options: .regularExpression))
        try Data(text.replacingCharacters(in: primary, with: ##""primary": "#6a1b9a""##).utf8).write(to: file)
        return try ToolBrands.composition(composition, withBrandFile: file.path)
    }

    @Test("one brand drawn twice, the second time in the opposite order: every picture has 0 changed pixels")
    func sameRevisionSamePixels() async throws {
        let composition = try Composition(packageBrands())
        let runner = ScenarioRunner(composition: composition)
        let files = Array(ScenarioLibrary.files(for: "neds").prefix(3))
        let states = try await GalleryState.collect(brand: "neds", files: files, runner: runner)
        let size = try #require(GallerySize(width: 390, height: 844))
        let first = try Self.folder()
        let second = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let drawn = try await GalleryState.draw(states, sizes: [size], composition: composition, into: first).pictures
        // Reversed, each state follows other states than the first time: its picture must not depend on them.
        let again = try await GalleryState.draw(
            states.reversed(), sizes: [size], composition: composition, into: second
        ).pictures
        #expect(drawn.count == states.count && again.count == states.count)
        let browser = try await Chromium()
        var differences: [String: PictureDifference] = [:]
        for (picture, reversed) in zip(drawn, again.reversed()) {
            differences[picture.path] = try await browser.difference(
                Data(contentsOf: first.appendingPathComponent(picture.path)),
                Data(contentsOf: second.appendingPathComponent(reversed.path)))
        }
        let blank = try Data(contentsOf: first.appendingPathComponent(drawn[0].path))
        let other = try Data(contentsOf: first.appendingPathComponent(drawn[drawn.count - 1].path))
        let between = try await browser.difference(blank, other)
        await browser.close()
        for (path, difference) in differences {
            #expect(difference.pixels == 390 * 844, "\(path)")
            #expect(difference.changedPixels == 0, "\(path): \(difference.changedPercent)% changed")
        }
        #expect(between.changedPixels > 0, "different states differ")
    }

    @Test(
        "against an earlier gallery: the same revision changes nothing, a brand's new colour changes that brand's screens only, most changed first, and a brand left out has vanished"
    )
    func againstAnEarlierGallery() async throws {
        let composition = try Composition(packageBrands())
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let changed = try Self.recolouredTabNZ(composition, in: folder)
        let size = try #require(GallerySize(width: 390, height: 844))
        let scenarios: (String) -> [String] = { Array(ScenarioLibrary.files(for: $0).prefix(2)) }
        func make(_ name: String, _ brands: [String], _ composition: Composition, against: URL?) async throws
            -> Gallery.Made
        {
            try await Gallery.make(
                brands: brands, sizes: [size], composition: composition, scenarios: scenarios,
                output: folder.appendingPathComponent(name), against: against.map { .folder($0) })
        }
        let first = try await make("first", ["neds", "tabnz"], composition, against: nil)
        #expect(first.comparison == nil)
        let earlier = folder.appendingPathComponent("first")
        let manifest = try GalleryManifest.read(from: earlier)
        #expect(manifest.states.count == first.states)

        let same = try #require(try await make("same", ["neds", "tabnz"], composition, against: earlier).comparison)
        #expect(same.changes.count == first.states && same.appeared.isEmpty && same.vanished.isEmpty)
        for change in same.changes where change.percent > 0 {
            Issue.record(
                "the same revision drew \(change.state.brand) \(change.state.places[0]) differently: \(change.percent)% of its pixels"
            )
        }
        #expect(same.exceeding(0) == 0)

        let recoloured = try #require(
            try await make("recoloured", ["neds", "tabnz"], changed, against: earlier).comparison)
        #expect(recoloured.changes.count == first.states)
        for change in recoloured.changes {
            if change.state.brand == "tabnz" {
                #expect(change.percent > 0, "\(change.state.places[0]): the new primary colour shows")
                let size = try #require(change.sizes.first)
                for path in [size.beforePath, size.differencePath] {
                    let written = folder.appendingPathComponent("recoloured").appendingPathComponent(try #require(path))
                    #expect(FileManager.default.fileExists(atPath: written.path), "\(written.path)")
                }
            } else {
                #expect(change.percent == 0, "\(change.state.places[0]): another brand's screen changed")
            }
        }
        let percents = recoloured.changes.map(\.percent)
        #expect(percents == percents.sorted(by: >), "most changed first")
        let tabnz = manifest.states.count { $0.brand == "tabnz" }
        #expect(recoloured.exceeding(0) == tabnz)
        let page = try String(
            contentsOf: folder.appendingPathComponent("recoloured/index.html"), encoding: .utf8)
        #expect(page.contains("What changed against \(earlier.path)"))
        #expect(page.contains("\(tabnz) of \(first.states) screens found in both changed"))

        let nedsOnly = try #require(try await make("neds-only", ["neds"], composition, against: earlier).comparison)
        #expect(nedsOnly.vanished.count == tabnz && nedsOnly.vanished.allSatisfy { $0.brand == "tabnz" })
        for state in nedsOnly.vanished {
            let path = try #require(state.pictures["390x844"])
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("neds-only/\(path)").path))
        }
    }
}
