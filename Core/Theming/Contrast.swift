/// WCAG 2.2 contrast between two colours, and the AA minimums.
public enum Contrast {
    /// The AA minimum for normal text (success criterion 1.4.3): 4.5:1.
    public static let normalTextAA = 4.5
    /// The AA minimum for large text (1.4.3; 18pt, or 14pt bold): 3:1.
    public static let largeTextAA = 3.0
    /// The AA minimum for non-text parts of the interface such as input
    /// borders and state indicators (1.4.11): 3:1.
    public static let nonTextAA = 3.0

    /// The contrast ratio (L1 + 0.05) / (L2 + 0.05), where L1 is the relative
    /// luminance of the lighter colour and L2 of the darker: from 1 (none) to
    /// 21 (black on white). The result does not depend on which colour is the
    /// lighter, so for opaque colours `ratio(a, b) == ratio(b, a)`.
    ///
    /// A translucent `foreground` is first drawn over `background` (see
    /// ``RGBColor/composited(over:)``); the background is taken as opaque.
    /// The ratio is not rounded: 4.499 fails a 4.5 minimum.
    public static func ratio(_ foreground: RGBColor, _ background: RGBColor) -> Double {
        // Compositing and luminance both ignore the background's alpha.
        let first = foreground.composited(over: background).relativeLuminance
        let second = background.relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}

/// A foreground/background pair of colour roles that must reach a minimum
/// contrast ratio.
public struct ContrastRequirement: Hashable, Sendable, CustomStringConvertible {
    /// The role of the text, icon or border colour.
    public var foreground: ColorRole
    /// The role of the colour it is drawn on.
    public var background: ColorRole
    /// The ratio required, e.g. ``Contrast/normalTextAA``.
    public var minimum: Double

    /// A requirement that `foreground` on `background` reaches `minimum`.
    public init(_ foreground: ColorRole, on background: ColorRole, minimum: Double) {
        self.foreground = foreground
        self.background = background
        self.minimum = minimum
    }

    /// Text of normal size on `background`: at least ``Contrast/normalTextAA``.
    public static func text(_ foreground: ColorRole, on background: ColorRole) -> ContrastRequirement {
        ContrastRequirement(foreground, on: background, minimum: Contrast.normalTextAA)
    }

    /// A non-text component (border, indicator) on `background`: at least
    /// ``Contrast/nonTextAA``.
    public static func nonText(_ foreground: ColorRole, on background: ColorRole) -> ContrastRequirement {
        ContrastRequirement(foreground, on: background, minimum: Contrast.nonTextAA)
    }

    /// Measures the pair in `palette`.
    public func check(_ palette: ColorPalette) -> ContrastCheck {
        ContrastCheck(
            foreground: foreground, background: background,
            ratio: Contrast.ratio(palette[foreground], palette[background]), minimum: minimum)
    }

    /// E.g. `textPrimary on background ≥ 4.5:1`.
    public var description: String {
        "\(foreground.rawValue) on \(background.rawValue) ≥ \(minimum):1"
    }
}

/// One measured foreground/background pair of a theme.
public struct ContrastCheck: Hashable, Sendable, CustomStringConvertible {
    /// The role of the text, icon or border colour.
    public var foreground: ColorRole
    /// The role of the colour it is drawn on.
    public var background: ColorRole
    /// The measured ratio, unrounded.
    public var ratio: Double
    /// The ratio required.
    public var minimum: Double

    /// The contrast `ratio` measured between two roles, against the `minimum` their pairing needs.
    public init(foreground: ColorRole, background: ColorRole, ratio: Double, minimum: Double) {
        self.foreground = foreground
        self.background = background
        self.ratio = ratio
        self.minimum = minimum
    }

    /// Whether the pair reaches its minimum.
    public var passes: Bool { ratio >= minimum }

    /// E.g. `textSecondary on background: 2.85:1 (needs 4.5:1)`; the ratio is
    /// shown to two decimal places, truncated so that a failing ratio never
    /// reads as the minimum.
    public var description: String {
        let shown = (ratio * 100).rounded(.down) / 100
        return "\(foreground.rawValue) on \(background.rawValue): \(shown):1 (needs \(minimum):1)"
    }
}
