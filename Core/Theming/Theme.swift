/// A brand's complete token set: colours, typography, spacing and icons.
public struct Theme: Hashable, Sendable, Codable {
    /// The theme's name, e.g. the brand's display name.
    public var name: String
    /// Colours by role.
    public var palette: ColorPalette
    /// Text styles by role.
    public var typography: TypographyScale
    /// Spacing steps.
    public var spacing: SpacingScale
    /// Icon assets by role.
    public var icons: IconSet

    /// A theme.
    public init(name: String, palette: ColorPalette, typography: TypographyScale, spacing: SpacingScale, icons: IconSet) {
        self.name = name
        self.palette = palette
        self.typography = typography
        self.spacing = spacing
        self.icons = icons
    }

    /// The foreground/background pairs that must be readable, with the
    /// minimum WCAG AA ratio each needs (normal text 4.5:1; borders and
    /// valid ticks, which are not text, 3:1).
    public static let contrastPairs: [(foreground: ColorRole, background: ColorRole, minimum: Double)] = [
        (.textPrimary, .background, Contrast.normalTextAA),
        (.textSecondary, .background, Contrast.normalTextAA),
        (.textPrimary, .surface, Contrast.normalTextAA),
        (.textSecondary, .surface, Contrast.normalTextAA),
        (.onPrimary, .primary, Contrast.normalTextAA),
        (.onSecondary, .secondary, Contrast.normalTextAA),
        (.appBarForeground, .appBarBackground, Contrast.normalTextAA),
        (.badgeForeground, .badgeBackground, Contrast.normalTextAA),
        (.fieldInvalid, .background, Contrast.normalTextAA),
        (.fieldInvalid, .surface, Contrast.normalTextAA),
        (.link, .background, Contrast.normalTextAA),
        (.fieldBorder, .surface, Contrast.largeTextAA),
        (.fieldValid, .surface, Contrast.largeTextAA),
    ]

    /// Every pair of ``contrastPairs`` measured.
    public func contrastChecks() -> [ContrastCheck] {
        Self.contrastPairs.map { pair in
            ContrastCheck(foreground: pair.foreground, background: pair.background,
                          ratio: Contrast.ratio(palette[pair.foreground], palette[pair.background]), minimum: pair.minimum)
        }
    }

    /// The pairs that fail their minimum; empty for an accessible theme.
    public func contrastFailures() -> [ContrastCheck] {
        contrastChecks().filter { !$0.passes }
    }
}
