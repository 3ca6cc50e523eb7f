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
        typography: TypographyScale(fontFamily: "TAB Sans"),
        spacing: .standard,
        icons: IconSet(assetPrefix: "tabnz", hasPot: false))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("TabNZTheme: \(error)")
        }
    }
}
