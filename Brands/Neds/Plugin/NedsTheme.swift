import LiveryCore

/// The Neds theme: every colour role, type, spacing and icons.
enum NedsTheme {
    static let theme = Theme(
        name: "Neds",
        palette: ColorPalette(
            background: color("#ffffff"),
            surface: color("#f4f4f4"),
            textPrimary: color("#111111"),
            textSecondary: color("#555555"),
            primary: color("#ff7800"),
            onPrimary: color("#111111"),
            secondary: color("#111111"),
            onSecondary: color("#ff7800"),
            appBarBackground: color("#111111"),
            appBarForeground: color("#ff7800"),
            badgeBackground: color("#ff7800"),
            badgeForeground: color("#111111"),
            fieldBorder: color("#757575"),
            fieldInvalid: color("#b3001b"),
            fieldValid: color("#1a7f37"),
            disabledText: color("#8c8c8c"),
            link: color("#0a58ca")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "Neds Grotesk", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "Neds Grotesk", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "Neds Grotesk", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "Neds Grotesk", size: 12, weight: .regular, lineHeight: 16),
            button: TextStyle(fontFamily: "Neds Grotesk", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "Neds Grotesk", size: 11, weight: .bold, lineHeight: 14)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(search: "neds.icon.search", login: "neds.icon.login", join: "neds.icon.join",
                       betslip: "neds.icon.betslip", balance: "neds.icon.balance",
                       pendingBets: "neds.icon.pending", locker: "neds.icon.locker",
                       toolbox: "neds.icon.toolbox", userTray: "neds.icon.tray", pot: "neds.icon.pot",
                       close: "neds.icon.close", clear: "neds.icon.clear"))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("NedsTheme: \(error)")
        }
    }
}
