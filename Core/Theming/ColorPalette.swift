/// The semantic colour roles a brand must fill. Raw values are the
/// design-token names (`color.textPrimary`).
public enum ColorRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// The screen background.
    case background
    /// Cards, sheets and inputs.
    case surface
    /// Main text.
    case textPrimary
    /// Secondary text (hints, captions).
    case textSecondary
    /// The primary call to action.
    case primary
    /// Text and icons on `primary`.
    case onPrimary
    /// Secondary actions.
    case secondary
    /// Text and icons on `secondary`.
    case onSecondary
    /// The app bar.
    case appBarBackground
    /// Text and icons on the app bar.
    case appBarForeground
    /// Badges and counters.
    case badgeBackground
    /// Text on badges and counters.
    case badgeForeground
    /// Input borders.
    case fieldBorder
    /// Error messages and invalid borders.
    case fieldInvalid
    /// Valid borders and ticks.
    case fieldValid
    /// Text of disabled controls (exempt from contrast minimums under WCAG).
    case disabledText
    /// Links.
    case link
    /// The ring drawn around the focused control, on the page and on the app
    /// bar alike (so it must stand out from both).
    case focusRing
}

/// A colour for every ``ColorRole``. Every role is a stored, non-optional
/// property, so a palette missing a role does not compile. Encodes with the
/// roles' raw values as keys.
public struct ColorPalette: Hashable, Sendable, Codable {
    /// See ``ColorRole/background``.
    public var background: RGBColor
    /// See ``ColorRole/surface``.
    public var surface: RGBColor
    /// See ``ColorRole/textPrimary``.
    public var textPrimary: RGBColor
    /// See ``ColorRole/textSecondary``.
    public var textSecondary: RGBColor
    /// See ``ColorRole/primary``.
    public var primary: RGBColor
    /// See ``ColorRole/onPrimary``.
    public var onPrimary: RGBColor
    /// See ``ColorRole/secondary``.
    public var secondary: RGBColor
    /// See ``ColorRole/onSecondary``.
    public var onSecondary: RGBColor
    /// See ``ColorRole/appBarBackground``.
    public var appBarBackground: RGBColor
    /// See ``ColorRole/appBarForeground``.
    public var appBarForeground: RGBColor
    /// See ``ColorRole/badgeBackground``.
    public var badgeBackground: RGBColor
    /// See ``ColorRole/badgeForeground``.
    public var badgeForeground: RGBColor
    /// See ``ColorRole/fieldBorder``.
    public var fieldBorder: RGBColor
    /// See ``ColorRole/fieldInvalid``.
    public var fieldInvalid: RGBColor
    /// See ``ColorRole/fieldValid``.
    public var fieldValid: RGBColor
    /// See ``ColorRole/disabledText``.
    public var disabledText: RGBColor
    /// See ``ColorRole/link``.
    public var link: RGBColor
    /// See ``ColorRole/focusRing``.
    public var focusRing: RGBColor

    /// A palette with every role.
    public init(
        background: RGBColor, surface: RGBColor, textPrimary: RGBColor, textSecondary: RGBColor,
        primary: RGBColor, onPrimary: RGBColor, secondary: RGBColor, onSecondary: RGBColor,
        appBarBackground: RGBColor, appBarForeground: RGBColor, badgeBackground: RGBColor,
        badgeForeground: RGBColor, fieldBorder: RGBColor, fieldInvalid: RGBColor, fieldValid: RGBColor,
        disabledText: RGBColor, link: RGBColor, focusRing: RGBColor
    ) {
        self.background = background
        self.surface = surface
        self.textPrimary = textPrimary
        self.textSecondary = textSecondary
        self.primary = primary
        self.onPrimary = onPrimary
        self.secondary = secondary
        self.onSecondary = onSecondary
        self.appBarBackground = appBarBackground
        self.appBarForeground = appBarForeground
        self.badgeBackground = badgeBackground
        self.badgeForeground = badgeForeground
        self.fieldBorder = fieldBorder
        self.fieldInvalid = fieldInvalid
        self.fieldValid = fieldValid
        self.disabledText = disabledText
        self.link = link
        self.focusRing = focusRing
    }

    /// A palette that takes each role's colour from `color`, e.g. to derive
    /// one palette from another.
    public init(_ color: (ColorRole) -> RGBColor) {
        self.init(
            background: color(.background), surface: color(.surface), textPrimary: color(.textPrimary),
            textSecondary: color(.textSecondary), primary: color(.primary), onPrimary: color(.onPrimary),
            secondary: color(.secondary), onSecondary: color(.onSecondary),
            appBarBackground: color(.appBarBackground), appBarForeground: color(.appBarForeground),
            badgeBackground: color(.badgeBackground), badgeForeground: color(.badgeForeground),
            fieldBorder: color(.fieldBorder), fieldInvalid: color(.fieldInvalid), fieldValid: color(.fieldValid),
            disabledText: color(.disabledText), link: color(.link), focusRing: color(.focusRing))
    }

    /// The colour of `role`.
    public subscript(role: ColorRole) -> RGBColor {
        get {
            switch role {
            case .background: background
            case .surface: surface
            case .textPrimary: textPrimary
            case .textSecondary: textSecondary
            case .primary: primary
            case .onPrimary: onPrimary
            case .secondary: secondary
            case .onSecondary: onSecondary
            case .appBarBackground: appBarBackground
            case .appBarForeground: appBarForeground
            case .badgeBackground: badgeBackground
            case .badgeForeground: badgeForeground
            case .fieldBorder: fieldBorder
            case .fieldInvalid: fieldInvalid
            case .fieldValid: fieldValid
            case .disabledText: disabledText
            case .link: link
            case .focusRing: focusRing
            }
        }
        set {
            switch role {
            case .background: background = newValue
            case .surface: surface = newValue
            case .textPrimary: textPrimary = newValue
            case .textSecondary: textSecondary = newValue
            case .primary: primary = newValue
            case .onPrimary: onPrimary = newValue
            case .secondary: secondary = newValue
            case .onSecondary: onSecondary = newValue
            case .appBarBackground: appBarBackground = newValue
            case .appBarForeground: appBarForeground = newValue
            case .badgeBackground: badgeBackground = newValue
            case .badgeForeground: badgeForeground = newValue
            case .fieldBorder: fieldBorder = newValue
            case .fieldInvalid: fieldInvalid = newValue
            case .fieldValid: fieldValid = newValue
            case .disabledText: disabledText = newValue
            case .link: link = newValue
            case .focusRing: focusRing = newValue
            }
        }
    }
}
