import LiveryCore

/// The TAB NZ theme: every colour role, type, spacing and icons.
enum TabNZTheme {
    static let theme = Theme(
        name: "TAB NZ",
        palette: ColorPalette(
            background: color("#ffffff"),
            surface: color("#f2f5f9"),
            textPrimary: color("#0d1b2a"),
            textSecondary: color("#4a5668"),
            primary: color("#004f9f"),
            onPrimary: color("#ffffff"),
            secondary: color("#0d1b2a"),
            onSecondary: color("#ffffff"),
            appBarBackground: color("#002e5d"),
            appBarForeground: color("#ffffff"),
            badgeBackground: color("#ffcc00"),
            badgeForeground: color("#0d1b2a"),
            fieldBorder: color("#6b7685"),
            fieldInvalid: color("#b00020"),
            fieldValid: color("#1b7a3a"),
            disabledText: color("#8b95a3"),
            link: color("#004f9f")),
        typography: TypographyScale(
            title: TextStyle(fontFamily: "TAB Sans", size: 24, weight: .bold, lineHeight: 30),
            headline: TextStyle(fontFamily: "TAB Sans", size: 18, weight: .semibold, lineHeight: 24),
            body: TextStyle(fontFamily: "TAB Sans", size: 16, weight: .regular, lineHeight: 22),
            caption: TextStyle(fontFamily: "TAB Sans", size: 12, weight: .regular, lineHeight: 16),
            button: TextStyle(fontFamily: "TAB Sans", size: 16, weight: .semibold, lineHeight: 20),
            badge: TextStyle(fontFamily: "TAB Sans", size: 11, weight: .bold, lineHeight: 14)),
        spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
        icons: IconSet(search: "tabnz.icon.search", login: "tabnz.icon.login", join: "tabnz.icon.join",
                       betslip: "tabnz.icon.betslip", balance: "tabnz.icon.balance",
                       pendingBets: "tabnz.icon.pending", locker: "tabnz.icon.locker",
                       toolbox: "tabnz.icon.toolbox", userTray: "tabnz.icon.tray", pot: nil,
                       close: "tabnz.icon.close", clear: "tabnz.icon.clear"))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("TabNZTheme: \(error)")
        }
    }
}
