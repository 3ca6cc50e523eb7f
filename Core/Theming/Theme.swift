/// A brand's complete token set: colours, typography, spacing and icons.
///
/// Completeness is checked by the compiler (every role is a non-optional
/// property); readability and sane values are checked by
/// ``contrastFailures()`` and ``issues()``.
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
    /// The brand's logo, drawn in the app bar; `nil` for a brand without one
    /// (heads then show the brand's name).
    public var logo: BrandLogo?

    /// The theme called `name`: its colours, text styles, spacing, icons and logo.
    public init(
        name: String, palette: ColorPalette, typography: TypographyScale, spacing: SpacingScale,
        icons: IconSet, logo: BrandLogo? = nil
    ) {
        self.name = name
        self.palette = palette
        self.typography = typography
        self.spacing = spacing
        self.icons = icons
        self.logo = logo
    }

    /// The foreground/background pairs every theme must make readable, with
    /// the WCAG AA minimum each needs: text 4.5:1 (even app bar and badge
    /// text, which is small); input borders, the valid indicator and the focus
    /// ring (on the page and on the app bar), which are not text, 3:1. ``ColorRole/disabledText`` is not checked: WCAG exempts
    /// inactive controls.
    public static let contrastRequirements: [ContrastRequirement] = [
        .text(.textPrimary, on: .background),
        .text(.textSecondary, on: .background),
        .text(.textPrimary, on: .surface),
        .text(.textSecondary, on: .surface),
        .text(.onPrimary, on: .primary),
        .text(.onSecondary, on: .secondary),
        .text(.appBarForeground, on: .appBarBackground),
        .text(.badgeForeground, on: .badgeBackground),
        .text(.fieldInvalid, on: .background),
        .text(.fieldInvalid, on: .surface),
        .text(.link, on: .background),
        .text(.link, on: .surface),
        .nonText(.fieldBorder, on: .background),
        .nonText(.fieldBorder, on: .surface),
        .nonText(.fieldValid, on: .background),
        .nonText(.fieldValid, on: .surface),
        .nonText(.focusRing, on: .background),
        .nonText(.focusRing, on: .surface),
        .nonText(.focusRing, on: .appBarBackground),
    ]

    /// Every pair of ``contrastRequirements`` measured in this theme's
    /// palette, in the same order.
    public func contrastChecks() -> [ContrastCheck] {
        Self.contrastRequirements.map { $0.check(palette) }
    }

    /// The pairs that fall short of their minimum, in the order of
    /// ``contrastRequirements``; empty for an accessible theme.
    public func contrastFailures() -> [ContrastCheck] {
        contrastChecks().filter { !$0.passes }
    }
}
