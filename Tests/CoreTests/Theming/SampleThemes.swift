@testable import LiveryCore

/// Themes built for tests only: one that meets every contrast minimum.
enum SampleThemes {
    static func color(_ hex: String) -> RGBColor { try! RGBColor(hex: hex) }

    static let accessible = Theme(
        name: "Sample",
        palette: ColorPalette(
            background: color("#ffffff"), surface: color("#f4f4f4"), textPrimary: color("#1a1a1a"),
            textSecondary: color("#595959"), primary: color("#0b5cad"), onPrimary: color("#ffffff"),
            secondary: color("#1f1f1f"), onSecondary: color("#ffffff"), appBarBackground: color("#0b2a4a"),
            appBarForeground: color("#ffffff"), badgeBackground: color("#b00020"), badgeForeground: color("#ffffff"),
            fieldBorder: color("#767676"), fieldInvalid: color("#b00020"), fieldValid: color("#1b7a3a"),
            disabledText: color("#8a8a8a"), link: color("#0b5cad")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "Inter", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "Inter", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "Inter", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "Inter", size: 12, weight: .regular, lineHeight: 16),
            button: TextStyle(fontFamily: "Inter", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "Inter", size: 11, weight: .bold, lineHeight: 13.5)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(search: "icon.search", login: "icon.login", join: "icon.join", betslip: "icon.betslip",
                       balance: "icon.balance", pendingBets: "icon.pending", locker: "icon.locker",
                       toolbox: "icon.toolbox", userTray: "icon.tray", pot: nil, close: "icon.close", clear: "icon.clear"))
}
