import Testing

@testable import LiveryCore

@Suite("Contrast ratio")
struct ContrastTests {
    private let color = SampleThemes.color

    @Test("black on white is exactly 21:1 either way round")
    func blackOnWhite() {
        #expect(Contrast.ratio(.black, .white) == 21)
        #expect(Contrast.ratio(.white, .black) == 21)
    }

    @Test("a colour on itself is 1:1", arguments: ["#000000", "#ffffff", "#3a7bd5", "#767676", "#b00020"])
    func sameColour(hex: String) {
        #expect(Contrast.ratio(color(hex), color(hex)) == 1)
    }

    @Test(
        "known ratios against white",
        arguments: [
            ("#767676", 4.54), ("#777777", 4.48), ("#999999", 2.85), ("#ff0000", 4.00), ("#0000ff", 8.59),
            ("#808080", 3.95), ("#595959", 7.00),
        ])
    func knownRatios(hex: String, expected: Double) {
        #expect(Contrast.ratio(color(hex), .white).isApproximately(expected, within: 0.005))
    }

    @Test("#767676 on white passes AA for normal text; #777777 does not")
    func aaBoundary() {
        #expect(Contrast.ratio(color("#767676"), .white) >= Contrast.normalTextAA)
        #expect(Contrast.ratio(color("#777777"), .white) < Contrast.normalTextAA)
        #expect(Contrast.ratio(color("#777777"), .white) >= Contrast.largeTextAA)
    }

    @Test("the AA minimums are 4.5 for text and 3 for large text and non-text")
    func minimums() {
        #expect(Contrast.normalTextAA == 4.5)
        #expect(Contrast.largeTextAA == 3.0)
        #expect(Contrast.nonTextAA == 3.0)
    }

    @Test("the ratio is symmetric for opaque colours")
    func symmetry() {
        let samples = ["#000000", "#ffffff", "#0b5cad", "#b00020", "#1b7a3a", "#f4f4f4", "#777777", "#0b0b0b"].map(
            color)
        for a in samples {
            for b in samples {
                #expect(Contrast.ratio(a, b) == Contrast.ratio(b, a), "\(a) / \(b)")
                #expect(Contrast.ratio(a, b) >= 1 && Contrast.ratio(a, b) <= 21)
            }
        }
    }

    @Test("the ratio is (L1 + 0.05) / (L2 + 0.05) with the lighter on top")
    func formula() {
        let light = color("#f4f4f4")
        let dark = color("#0b5cad")
        let expected = (light.relativeLuminance + 0.05) / (dark.relativeLuminance + 0.05)
        #expect(Contrast.ratio(dark, light).isApproximately(expected, within: 1e-12))
    }

    @Test("a translucent foreground is composited over the background first")
    func translucentForeground() {
        let halfBlack = color("#00000080")
        #expect(Contrast.ratio(halfBlack, .white) == Contrast.ratio(color("#7f7f7f"), .white))
        #expect(Contrast.ratio(halfBlack, .white).isApproximately(4.00, within: 0.01))
        #expect(
            Contrast.ratio(halfBlack, .black).isApproximately(1, within: 1e-12),
            "black at half opacity over black is black")
        #expect(Contrast.ratio(color("#ffffff00"), .black) == 1, "a transparent foreground shows the background")
    }

    @Test("a translucent background is taken as opaque")
    func translucentBackground() {
        #expect(Contrast.ratio(.black, color("#ffffff80")) == 21)
    }

    @Test("a check passes at its minimum exactly and fails just below it")
    func checkBoundary() {
        let atMinimum = ContrastCheck(foreground: .link, background: .background, ratio: 4.5, minimum: 4.5)
        let below = ContrastCheck(foreground: .link, background: .background, ratio: 4.4999, minimum: 4.5)
        #expect(atMinimum.passes)
        #expect(!below.passes)
        #expect(below.description == "link on background: 4.49:1 (needs 4.5:1)", "never rounded up to the minimum")
    }

    @Test("a requirement measures its pair in a palette")
    func requirementCheck() {
        var palette = SampleThemes.accessible.palette
        palette.link = color("#777777")
        let check = ContrastRequirement.text(.link, on: .background).check(palette)
        #expect(check.foreground == .link && check.background == .background)
        #expect(check.minimum == 4.5)
        #expect(check.ratio == Contrast.ratio(color("#777777"), .white))
        #expect(!check.passes)
        #expect(ContrastRequirement.nonText(.fieldBorder, on: .surface).minimum == 3)
        #expect("\(ContrastRequirement.text(.link, on: .surface))" == "link on surface ≥ 4.5:1")
    }
}
