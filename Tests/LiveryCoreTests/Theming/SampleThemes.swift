@testable import LiveryCore

/// Themes built for tests only.
enum SampleThemes {
    /// A colour from a hex literal written in a test.
    static func color(_ hex: String) -> RGBColor {
        do { return try RGBColor(hex: hex) } catch { fatalError("bad test colour: \(error)") }
    }

    /// The colours of ``accessible``, by token name, written out so that tests
    /// can check exports against literals rather than against the palette.
    static let accessibleHex: [String: String] = [
        "background": "#ffffff", "surface": "#f4f4f4", "textPrimary": "#1a1a1a", "textSecondary": "#595959",
        "primary": "#0b5cad", "onPrimary": "#fffffe", "secondary": "#1f1f1f", "onSecondary": "#fefefe",
        "appBarBackground": "#0b2a4a", "appBarForeground": "#fdfdfd", "badgeBackground": "#b00020",
        "badgeForeground": "#fcfcfc", "fieldBorder": "#767676", "fieldInvalid": "#b00021", "fieldValid": "#1b7a3a",
        "disabledText": "#8a8a8a", "link": "#0b5cae", "focusRing": "#2e7fd9",
    ]

    /// A theme that meets every contrast minimum and has sane values. Each
    /// role has a different colour, so a role mixed up with another shows.
    static let accessible = Theme(
        name: "Sample",
        palette: ColorPalette(
            background: color("#ffffff"), surface: color("#f4f4f4"), textPrimary: color("#1a1a1a"),
            textSecondary: color("#595959"), primary: color("#0b5cad"), onPrimary: color("#fffffe"),
            secondary: color("#1f1f1f"), onSecondary: color("#fefefe"), appBarBackground: color("#0b2a4a"),
            appBarForeground: color("#fdfdfd"), badgeBackground: color("#b00020"), badgeForeground: color("#fcfcfc"),
            fieldBorder: color("#767676"), fieldInvalid: color("#b00021"), fieldValid: color("#1b7a3a"),
            disabledText: color("#8a8a8a"), link: color("#0b5cae"), focusRing: color("#2e7fd9")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "Inter", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "Inter", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "Inter", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "Inter", size: 12, weight: .regular, lineHeight: 16, letterSpacing: 0.25),
            button: TextStyle(fontFamily: "Inter", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "Inter", size: 11, weight: .bold, lineHeight: 13.5)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(
            search: "icon.search", login: "icon.login", join: "icon.join", betslip: "icon.betslip",
            balance: "icon.balance", pendingBets: "icon.pending", locker: "icon.locker",
            toolbox: "icon.toolbox", userTray: "icon.tray", pot: nil, close: "icon.close",
            clear: "icon.clear"))

    /// ``accessible`` with three unreadable pairs: grey secondary text
    /// (fails on background and surface), a badge whose text is nearly its
    /// background, and an input border too faint on the surface only.
    static var inaccessible: Theme {
        var theme = accessible
        theme.name = "Unreadable"
        theme.palette.textSecondary = color("#999999")
        theme.palette.badgeForeground = color("#c00020")
        theme.palette.fieldBorder = color("#949494")
        return theme
    }
}
