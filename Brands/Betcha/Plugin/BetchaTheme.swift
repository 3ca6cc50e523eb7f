import LiveryCore

/// The Betcha theme: every colour role, type, spacing and icons.
enum BetchaTheme {
    static let theme = Theme(
        name: "Betcha",
        palette: ColorPalette(
            background: color("#ffffff"),
            surface: color("#f3f6f4"),
            textPrimary: color("#10231a"),
            textSecondary: color("#4f5b55"),
            primary: color("#00653a"),
            onPrimary: color("#ffffff"),
            secondary: color("#10231a"),
            onSecondary: color("#ffffff"),
            appBarBackground: color("#003b22"),
            appBarForeground: color("#ffffff"),
            badgeBackground: color("#c4002b"),
            badgeForeground: color("#ffffff"),
            fieldBorder: color("#6f7a74"),
            fieldInvalid: color("#a4001f"),
            fieldValid: color("#1b7a3a"),
            disabledText: color("#8a948f"),
            link: color("#005a9c")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "Betcha Display", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "Betcha Display", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "Betcha Display", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "Betcha Display", size: 12, weight: .regular, lineHeight: 16),
            button: TextStyle(fontFamily: "Betcha Display", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "Betcha Display", size: 11, weight: .bold, lineHeight: 14)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(search: "betcha.icon.search", login: "betcha.icon.login", join: "betcha.icon.join",
                       betslip: "betcha.icon.betslip", balance: "betcha.icon.balance",
                       pendingBets: "betcha.icon.pending", locker: "betcha.icon.locker",
                       toolbox: "betcha.icon.toolbox", userTray: "betcha.icon.tray", pot: nil,
                       close: "betcha.icon.close", clear: "betcha.icon.clear"))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("BetchaTheme: \(error)")
        }
    }
}
