import BrandDeclarations
import Foundation
import LiveryComposition
import LiveryCore
import LiveryWorkshop
import Testing

/// The studio never saves a brand `livery doctor` refuses, and offers the
/// nearest shade that mends a failing pair.
@Suite("Contrast mended in the studio: the doctor's verdict holds a save, the nearest passing shade is offered")
struct ShadeSuggestionTests {
    @Test(
        "a primary of #0b5fff (3.68:1 against onPrimary) is shown failing and not saved, naming the pair; the shade offered keeps its hue, passes, and saves a file the doctor accepts"
    )
    func refusedThenMended() throws {
        let folder = try BrandDraftTests.copy("neds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try BrandDraftTests.text(folder)
        var draft = try BrandDraft(pluginFolder: folder, name: "neds/brand.json")
        #expect(draft.set(["theme", "colours", "primary"], to: .string("#0b5fff")) == nil)
        #expect(draft.doctorFailures.map(\.name) == ["contrast"])
        #expect {
            try draft.save()
        } throws: { error in
            "\(error)".contains("`livery doctor` would refuse") && "\(error)".contains("onPrimary on primary: 3.68:1")
        }
        #expect(try BrandDraftTests.text(folder) == before, "nothing refused reaches the disk")

        let suggestion = try #require(draft.shadeSuggestions.first { $0.background == .primary })
        #expect(suggestion.role == .primary, "the colour edited, not the text on it")
        #expect(suggestion.current.hexString == "#0b5fff")
        let (edited, offered) = (Self.hsl(suggestion.current), Self.hsl(suggestion.shade))
        #expect(abs(edited.hue - offered.hue) < 2 && abs(edited.saturation - offered.saturation) < 0.05)
        #expect(offered.lightness > edited.lightness, "lighter, under Neds' near-black text")
        draft.set(["theme", "colours", "primary"], to: .string(suggestion.shade.hexString))
        #expect(draft.doctorFailures.isEmpty && draft.shadeSuggestions.isEmpty)
        #expect(try draft.save() == .written)
        let saved = try BrandDefinition.read(
            json: Data(try BrandDraftTests.text(folder).utf8), file: "neds/brand.json", folder: .directory(folder))
        #expect(BrandConformance.checks(saved).allSatisfy { $0.passed })
    }

    @Test(
        "for every brand and colour role, a random colour's shade passes every pair of that role, keeps its hue, and no shade half as far passes",
        arguments: packageBrandIDs)
    func everyRole(_ id: String) throws {
        let folder = try BrandDraftTests.copy(id)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try BrandDraft(pluginFolder: folder, name: "\(id)/brand.json").brand.theme.palette
        var generator = SeededGenerator(seed: UInt64(id.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var offered = 0
        for role in ColorRole.allCases {
            for _ in 0..<8 {
                var palette = original
                palette[role] = RGBColor(
                    red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                    blue: .random(in: 0...255, using: &generator))
                for suggestion in ShadeSuggestion.suggestions(for: palette, editedFrom: original)
                where suggestion.role == role {
                    offered += 1
                    var mended = palette
                    mended[role] = suggestion.shade
                    let pairs = Theme.contrastRequirements.filter { $0.foreground == role || $0.background == role }
                    #expect(pairs.allSatisfy { $0.check(mended).passes }, "\(role) \(suggestion.shade)")
                    let (from, to) = (Self.hsl(suggestion.current), Self.hsl(suggestion.shade))
                    if from.saturation > 0.2, to.saturation > 0.2, (0.1...0.9).contains(to.lightness) {
                        #expect(Self.hueDistance(from.hue, to.hue) < 4, "\(suggestion.current) → \(suggestion.shade)")
                    }
                    var halfway = palette
                    halfway[role] = Self.colour(
                        hue: from.hue, saturation: from.saturation, lightness: (from.lightness + to.lightness) / 2)
                    if halfway[role] != suggestion.shade {
                        #expect(!pairs.allSatisfy { $0.check(halfway).passes }, "a nearer shade passes for \(role)")
                    }
                }
            }
        }
        #expect(offered > 20)
    }

    private static func hueDistance(_ a: Double, _ b: Double) -> Double {
        let distance = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(distance, 360 - distance)
    }

    /// Hue (degrees), saturation and lightness of `colour`, as CSS reads them.
    private static func hsl(_ colour: RGBColor) -> (hue: Double, saturation: Double, lightness: Double) {
        let (red, green, blue) = (Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
        let (high, low) = (max(red, green, blue), min(red, green, blue))
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return (0, 0, lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == red {
            hue = 60 * ((green - blue) / chroma)
        } else if high == green {
            hue = 60 * ((blue - red) / chroma + 2)
        } else {
            hue = 60 * ((red - green) / chroma + 4)
        }
        if hue < 0 { hue += 360 }
        return (hue, saturation, lightness)
    }

    /// The colour of a hue, saturation and lightness, rounded to 8 bits a channel.
    private static func colour(hue: Double, saturation: Double, lightness: Double) -> RGBColor {
        func channel(_ n: Double) -> UInt8 {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return UInt8((255 * (lightness - a * max(-1, min(k - 3, 9 - k, 1)))).rounded())
        }
        return RGBColor(red: channel(0), green: channel(8), blue: channel(4))
    }
}
