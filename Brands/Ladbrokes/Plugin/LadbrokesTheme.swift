import LiveryCore

/// The Ladbrokes theme: every colour role, type, spacing and icons.
enum LadbrokesTheme {
    static let theme = Theme(
        name: "Ladbrokes",
        palette: ColorPalette(
            background: color("#ffffff"),
            surface: color("#f5f5f5"),
            textPrimary: color("#1a1a1a"),
            textSecondary: color("#595959"),
            primary: color("#c8102e"),
            onPrimary: color("#ffffff"),
            secondary: color("#1a1a1a"),
            onSecondary: color("#ffffff"),
            appBarBackground: color("#c8102e"),
            appBarForeground: color("#ffffff"),
            badgeBackground: color("#ffd100"),
            badgeForeground: color("#1a1a1a"),
            fieldBorder: color("#767676"),
            fieldInvalid: color("#b00020"),
            fieldValid: color("#1b7a3a"),
            disabledText: color("#8a8a8a"),
            link: color("#0b5cad")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "Ladbrokes Sans", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "Ladbrokes Sans", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "Ladbrokes Sans", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "Ladbrokes Sans", size: 12, weight: .regular, lineHeight: 16),
            button: TextStyle(fontFamily: "Ladbrokes Sans", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "Ladbrokes Sans", size: 11, weight: .bold, lineHeight: 14)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(search: "ladbrokes.icon.search", login: "ladbrokes.icon.login", join: "ladbrokes.icon.join",
                       betslip: "ladbrokes.icon.betslip", balance: "ladbrokes.icon.balance",
                       pendingBets: "ladbrokes.icon.pending", locker: "ladbrokes.icon.locker",
                       toolbox: "ladbrokes.icon.toolbox", userTray: "ladbrokes.icon.tray", pot: "ladbrokes.icon.pot",
                       close: "ladbrokes.icon.close", clear: "ladbrokes.icon.clear"))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("LadbrokesTheme: \(error)")
        }
    }
}
