import LiveryCore

/// A shade offered for a contrast pair that fails: the colour of one of its
/// roles with the same hue and saturation and the lightness moved as little
/// as it must be for every pair that role is part of to pass (so mending one
/// pair never breaks another).
public struct ShadeSuggestion: Hashable, Sendable {
    /// The failing pair's text (or border) role.
    public let foreground: ColorRole
    /// The failing pair's background role.
    public let background: ColorRole
    /// The role whose colour changes: the one edited, else the foreground.
    public let role: ColorRole
    /// The colour it has now.
    public let current: RGBColor
    /// The nearest shade that passes.
    public let shade: RGBColor

    /// For every pair of `palette` that fails, the nearest passing shade of
    /// whichever of its two roles differs from `original` (the foreground when
    /// both or neither do); a pair no shade of that role can mend (its other
    /// colour is mid-grey, say) gets none.
    public static func suggestions(for palette: ColorPalette, editedFrom original: ColorPalette) -> [ShadeSuggestion] {
        Theme.contrastRequirements.compactMap { requirement in
            guard !requirement.check(palette).passes else { return nil }
            let backgroundEdited =
                palette[requirement.background] != original[requirement.background]
                && palette[requirement.foreground] == original[requirement.foreground]
            let role = backgroundEdited ? requirement.background : requirement.foreground
            return nearestShade(of: role, in: palette).map {
                ShadeSuggestion(
                    foreground: requirement.foreground, background: requirement.background, role: role,
                    current: palette[role], shade: $0)
            }
        }
    }

    /// The shade of `role`'s colour nearest in lightness (steps of 0.1 %,
    /// lighter first at equal distance) with which every pair `role` is part
    /// of passes; `nil` when none does.
    public static func nearestShade(of role: ColorRole, in palette: ColorPalette) -> RGBColor? {
        let requirements = Theme.contrastRequirements.filter { $0.foreground == role || $0.background == role }
        let colour = palette[role]
        let start = HSL(colour)
        var trial = palette
        func passes(_ candidate: RGBColor) -> Bool {
            trial[role] = candidate
            return requirements.allSatisfy { $0.check(trial).passes }
        }
        if passes(colour) { return colour }
        for step in 1...1000 {
            let delta = Double(step) / 1000
            for lightness in [start.lightness + delta, start.lightness - delta] where (0...1).contains(lightness) {
                let candidate = HSL(hue: start.hue, saturation: start.saturation, lightness: lightness)
                    .colour(alpha: colour.alpha)
                if candidate != colour, passes(candidate) { return candidate }
            }
        }
        return nil
    }
}

/// A colour as hue (0…360), saturation and lightness (0…1).
struct HSL: Equatable {
    var hue: Double
    var saturation: Double
    var lightness: Double

    init(hue: Double, saturation: Double, lightness: Double) {
        self.hue = hue
        self.saturation = saturation
        self.lightness = lightness
    }

    /// The hue, saturation and lightness of `colour` (its alpha aside).
    init(_ colour: RGBColor) {
        let red = Double(colour.red) / 255
        let green = Double(colour.green) / 255
        let blue = Double(colour.blue) / 255
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let chroma = high - low
        lightness = (high + low) / 2
        saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        let sector: Double =
            if chroma == 0 {
                0
            } else if high == red {
                ((green - blue) / chroma).truncatingRemainder(dividingBy: 6)
            } else if high == green {
                (blue - red) / chroma + 2
            } else {
                (red - green) / chroma + 4
            }
        hue = (sector * 60 + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The colour, rounded to 8 bits per channel, with `alpha`.
    func colour(alpha: UInt8) -> RGBColor {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch sector {
            case ..<1: (chroma, second, 0)
            case ..<2: (second, chroma, 0)
            case ..<3: (0, chroma, second)
            case ..<4: (0, second, chroma)
            case ..<5: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let offset = lightness - chroma / 2
        func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + offset) * 255).rounded()))) }
        return RGBColor(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha)
    }
}
