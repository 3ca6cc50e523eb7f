import Foundation
import LiveryComposition
import LiveryScenarios
import LiveryTesting
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

    @Test("one brand drawn twice: every picture has 0 changed pixels")
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
        let drawn = try await GalleryState.draw(states, sizes: [size], composition: composition, into: first)
        let again = try await GalleryState.draw(states, sizes: [size], composition: composition, into: second)
        #expect(drawn.count == states.count && drawn == again)
        let browser = try await Chromium()
        var differences: [String: PictureDifference] = [:]
        for picture in drawn {
            differences[picture.path] = try await browser.difference(
                Data(contentsOf: first.appendingPathComponent(picture.path)),
                Data(contentsOf: second.appendingPathComponent(picture.path)))
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
}
