import Foundation
import Testing

@testable import LiveryCore

@Suite("RGBColor")
struct RGBColorTests {
    @Test(
        "parses six or eight hex digits, any case, with or without #",
        arguments: [
            ("#0B5CAD", RGBColor(red: 0x0b, green: 0x5c, blue: 0xad)),
            ("0b5cad", RGBColor(red: 0x0b, green: 0x5c, blue: 0xad)),
            ("#0b5CaD80", RGBColor(red: 0x0b, green: 0x5c, blue: 0xad, alpha: 0x80)),
            ("FF000000", RGBColor(red: 255, green: 0, blue: 0, alpha: 0)),
            ("#000000", RGBColor.black),
            ("#ffffff", RGBColor.white),
        ])
    func parsesHex(text: String, expected: RGBColor) throws {
        #expect(try RGBColor(hex: text) == expected)
    }

    @Test(
        "rejects anything else, naming the text as given",
        arguments: [
            "", "#", "#fff", "#12345", "#1234567", "#123456789", "#gggggg", "blue", "##123456",
            " #123456", "#123456 ", "0x123456", "+1234567", "#12 456", "#１２３４５６", "#12345é",
        ])
    func rejectsBadHex(text: String) {
        #expect(throws: ThemeError.invalidHexColor(text)) { try RGBColor(hex: text) }
    }

    @Test("the parse error's message quotes the bad text and the expected forms")
    func errorMessage() {
        #expect(throws: ThemeError.self) { try RGBColor(hex: "blue") }
        let message = ThemeError.invalidHexColor("blue").description
        #expect(message == "\"blue\" is not a hex colour (expected #rrggbb or #rrggbbaa)")
    }

    @Test("hexString is lowercase #rrggbb when opaque and #rrggbbaa otherwise")
    func hexString() throws {
        #expect(RGBColor(red: 0xAB, green: 0x0C, blue: 0xFF).hexString == "#ab0cff")
        #expect(RGBColor(red: 1, green: 2, blue: 3, alpha: 4).hexString == "#01020304")
        #expect(try RGBColor(hex: "#0B5CADFF").hexString == "#0b5cad", "alpha ff is opaque")
        #expect(try RGBColor(hex: "0b5cad00").hexString == "#0b5cad00")
        #expect("\(RGBColor.white)" == "#ffffff")
    }

    @Test("relative luminance: coefficients 0.2126, 0.7152, 0.0722; white 1, black 0")
    func luminanceCoefficients() throws {
        #expect(RGBColor.white.relativeLuminance.isApproximately(1, within: 1e-12))
        #expect(RGBColor.black.relativeLuminance == 0)
        #expect(try RGBColor(hex: "#ff0000").relativeLuminance.isApproximately(0.2126, within: 1e-12))
        #expect(try RGBColor(hex: "#00ff00").relativeLuminance.isApproximately(0.7152, within: 1e-12))
        #expect(try RGBColor(hex: "#0000ff").relativeLuminance.isApproximately(0.0722, within: 1e-12))
        #expect(try RGBColor(hex: "#808080").relativeLuminance.isApproximately(0.2158605, within: 1e-7))
    }

    @Test("channels up to 0.04045 are divided by 12.92; above it the 2.4 power curve applies")
    func luminanceThreshold() throws {
        // 10/255 ≈ 0.0392 is at or below the threshold, 11/255 ≈ 0.0431 above it.
        let below = try RGBColor(hex: "#0a0a0a").relativeLuminance
        let above = try RGBColor(hex: "#0b0b0b").relativeLuminance
        #expect(below.isApproximately(10.0 / 255 / 12.92, within: 1e-12))
        #expect(above.isApproximately(pow((11.0 / 255 + 0.055) / 1.055, 2.4), within: 1e-12))
        #expect(!above.isApproximately(11.0 / 255 / 12.92, within: 1e-6), "the linear branch must not apply above")
        #expect(
            try RGBColor(hex: "#0a0000").relativeLuminance.isApproximately(0.2126 * 10 / 255 / 12.92, within: 1e-12))
    }

    @Test("luminance ignores alpha")
    func luminanceIgnoresAlpha() throws {
        #expect(try RGBColor(hex: "#80808000").relativeLuminance == RGBColor(hex: "#808080").relativeLuminance)
    }

    @Test("compositing draws a translucent colour over the background, rounded to 8 bits")
    func compositing() throws {
        #expect(try RGBColor(hex: "#00000080").composited(over: .white) == RGBColor(hex: "#7f7f7f"))
        #expect(try RGBColor(hex: "#ff000080").composited(over: .black) == RGBColor(hex: "#800000"))
        // 11, 92 and 173 at 128/255 over 255 give 132.52, 173.18 and 213.84, rounded to the nearest.
        #expect(try RGBColor(hex: "#0b5cad80").composited(over: .white) == RGBColor(hex: "#85add6"))
        #expect(try RGBColor(hex: "#0b5cad00").composited(over: RGBColor(hex: "#123456")) == RGBColor(hex: "#123456"))
        #expect(try RGBColor(hex: "#0b5cad").composited(over: .white) == RGBColor(hex: "#0b5cad"))
        #expect(
            try RGBColor(hex: "#ffffff40").composited(over: RGBColor(hex: "#00000000")) == RGBColor(hex: "#404040"),
            "the background's alpha is ignored")
    }

    @Test("encodes as its hex string and decodes from one")
    func codable() throws {
        let colors = [try RGBColor(hex: "#0b5cad"), try RGBColor(hex: "#0b5cad80")]
        let data = try JSONEncoder().encode(colors)
        #expect(String(decoding: data, as: UTF8.self) == ##"["#0b5cad","#0b5cad80"]"##)
        #expect(try JSONDecoder().decode([RGBColor].self, from: data) == colors)
        #expect(try JSONDecoder().decode([RGBColor].self, from: Data(#"["0B5CAD"]"#.utf8)) == [colors[0]])
    }

    @Test("decoding a bad string fails with the parse error's message")
    func decodingBadString() {
        do {
            _ = try JSONDecoder().decode([RGBColor].self, from: Data(#"["nope"]"#.utf8))
            Issue.record("decoded a bad colour")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("\"nope\" is not a hex colour"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

extension Double {
    /// Whether the value is within `tolerance` of `other`.
    func isApproximately(_ other: Double, within tolerance: Double) -> Bool {
        abs(self - other) <= tolerance
    }
}
