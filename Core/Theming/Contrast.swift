/// WCAG 2.2 contrast between colours.
public enum Contrast {
    /// The AA minimum for normal text.
    public static let normalTextAA = 4.5
    /// The AA minimum for large text and for non-text parts of the interface.
    public static let largeTextAA = 3.0

    /// The contrast ratio (L1 + 0.05) / (L2 + 0.05) with L1 the lighter
    /// luminance: from 1 (none) to 21 (black on white). Symmetric. A
    /// translucent foreground is first drawn over the background.
    public static func ratio(_ foreground: RGBColor, _ background: RGBColor) -> Double {
        let opaqueBackground = RGBColor(red: background.red, green: background.green, blue: background.blue)
        let a = foreground.composited(over: opaqueBackground).relativeLuminance
        let b = opaqueBackground.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// One checked text/background pair of a theme.
public struct ContrastCheck: Hashable, Sendable, CustomStringConvertible {
    /// The text (or icon) colour's role.
    public let foreground: ColorRole
    /// The background colour's role.
    public let background: ColorRole
    /// The measured ratio.
    public let ratio: Double
    /// The ratio required.
    public let minimum: Double

    /// Whether the pair meets its minimum.
    public var passes: Bool { ratio >= minimum }

    /// E.g. `textSecondary on background: 3.95:1 (needs 4.5:1)`.
    public var description: String {
        let measured = (ratio * 100).rounded() / 100
        return "\(foreground.rawValue) on \(background.rawValue): \(measured):1 (needs \(minimum):1)"
    }
}
