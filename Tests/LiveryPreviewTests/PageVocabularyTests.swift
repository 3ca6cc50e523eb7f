import AppBarFeature
import Foundation
import LiveryTesting
import Testing

/// The page draws what the engines enumerate; where it keeps its own table
/// (a glyph per app bar item), every item a brand's bar can show has one.
@Suite("The preview page has a glyph for every item a brand's app bar shows")
struct PageVocabularyTests {
    @Test(
        "every item of the app bar's table; every brand, signed in and out, with the tray and the promotions entry open"
    )
    func glyphs() throws {
        let script = try String(
            contentsOf: SourceTree.url("Tools/Servers/Preview/Resources/preview.js"),
            encoding: .utf8)
        let table = try #require(script.range(of: "function glyph(id) {"), "preview.js has no glyph table")
        let body = script[table.upperBound...].prefix { $0 != "}" }
        // Every item the app bar's table lists, and every one a brand's bar shows.
        var shown = Set(AppBarItemID.allCases.map(\.rawValue))
        for brand in try packageBrands() {
            for sample in AppBarSample.allCases {
                let layout = AppBarState.sample(sample, brand: brand).layout
                for item in layout.left + layout.centre + layout.right where item.content != .spacer {
                    shown.insert(item.id.rawValue)
                }
            }
        }
        shown.remove("title")  // drawn as text, not a glyph
        #expect(!shown.isEmpty)
        for id in shown.sorted() {
            #expect(body.contains("\(id): '"), "preview.js draws no glyph for '\(id)'")
        }
    }
}
