import Foundation
import Testing
@testable import LiveryCore

@Suite("Colours and contrast")
struct ContrastTests {
    private func hex(_ text: String) -> RGBColor { try! RGBColor(hex: text) }

    @Test("black on white is exactly 21:1 and symmetric; a colour on itself is 1:1")
    func extremes() {
        #expect(Contrast.ratio(hex("#000000"), hex("#ffffff")) == 21)
        #expect(Contrast.ratio(hex("#ffffff"), hex("#000000")) == 21)
        #expect(Contrast.ratio(hex("#3a7bd5"), hex("#3a7bd5")) == 1)
    }

    @Test("#767676 on white passes AA for text; #777777 does not")
    func aaBoundary() {
        let passing = Contrast.ratio(hex("#767676"), hex("#ffffff"))
        let failing = Contrast.ratio(hex("#777777"), hex("#ffffff"))
        #expect(abs(passing - 4.54) < 0.01)
        #expect(abs(failing - 4.48) < 0.01)
        #expect(passing >= Contrast.normalTextAA)
        #expect(failing < Contrast.normalTextAA)
    }

    @Test("luminance uses the 0.04045 linearisation threshold")
    func luminance() {
        #expect(abs(hex("#0a0a0a").relativeLuminance - (10.0 / 255 / 12.92)) < 1e-12)
        #expect(abs(hex("#808080").relativeLuminance - 0.2158605) < 1e-6)
        #expect(abs(hex("#ff0000").relativeLuminance - 0.2126) < 1e-12)
    }

    @Test("a translucent foreground is drawn over the background first")
    func translucent() {
        let halfBlack = hex("#00000080")
        let drawn = halfBlack.composited(over: hex("#ffffff"))
        #expect(drawn == hex("#7f7f7f"))
        #expect(Contrast.ratio(halfBlack, hex("#ffffff")) == Contrast.ratio(drawn, hex("#ffffff")))
        #expect(Contrast.ratio(halfBlack, hex("#ffffff")) < Contrast.ratio(hex("#000000"), hex("#ffffff")))
    }

    @Test("hex parsing accepts six or eight digits, any case, with or without #")
    func hexParsing() throws {
        #expect(try RGBColor(hex: "#0B5CAD") == RGBColor(red: 11, green: 92, blue: 173))
        #expect(try RGBColor(hex: "0b5cad").hexString == "#0b5cad")
        #expect(try RGBColor(hex: "#0b5cad80").hexString == "#0b5cad80")
        for bad in ["", "#fff", "#12345", "#gggggg", "#0b5cad8", "blue", "#+1234567"] {
            #expect(throws: ThemeError.invalidHexColor(bad)) { try RGBColor(hex: bad) }
        }
        #expect(ThemeError.invalidHexColor("blue").description.contains("'blue'"))
    }
}

@Suite("Themes")
struct ThemeTests {
    @Test("an accessible theme passes every declared pair")
    func accessibleTheme() {
        let theme = SampleThemes.accessible
        #expect(theme.contrastFailures().isEmpty, "\(theme.contrastFailures())")
        #expect(theme.contrastChecks().count == Theme.contrastPairs.count)
        #expect(theme.spacing.isNonDecreasing)
    }

    @Test("a failing pair is reported by its roles")
    func failingPair() throws {
        var theme = SampleThemes.accessible
        theme.palette.textSecondary = try RGBColor(hex: "#999999")
        theme.palette.badgeForeground = try RGBColor(hex: "#c00020")
        let failures = theme.contrastFailures().map { "\($0.foreground.rawValue)/\($0.background.rawValue)" }
        #expect(failures == ["textSecondary/background", "textSecondary/surface", "badgeForeground/badgeBackground"])
        #expect(theme.contrastFailures()[0].description.hasPrefix("textSecondary on background: 2.85:1"))
    }

    @Test("spacing must not shrink from one step to the next")
    func spacingOrder() {
        #expect(!SpacingScale(xxs: 2, xs: 4, s: 8, m: 6, l: 24, xl: 32).isNonDecreasing)
    }

    @Test("design tokens export every colour, spacing step, text style and present icon")
    func designTokens() throws {
        let data = try SampleThemes.accessible.designTokensJSON()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let colors = try #require(document["color"] as? [String: [String: String]])
        #expect(Set(colors.keys) == Set(ColorRole.allCases.map(\.rawValue)))
        #expect(colors["primary"] == ["$type": "color", "$value": "#0b5cad"])
        let spacing = try #require(document["spacing"] as? [String: [String: String]])
        #expect(spacing["m"] == ["$type": "dimension", "$value": "16px"])
        let typography = try #require(document["typography"] as? [String: [String: Any]])
        let badge = try #require(typography["badge"]?["$value"] as? [String: Any])
        #expect(badge["fontWeight"] as? Int == 700)
        #expect(badge["lineHeight"] as? String == "13.5px")
        let icons = try #require(document["icon"] as? [String: [String: String]])
        #expect(icons["pot"] == nil, "a brand without a pot icon exports none")
        #expect(icons.count == IconRole.allCases.count - 1)
        #expect(try SampleThemes.accessible.designTokensJSON() == data, "the export is stable")
    }
}
