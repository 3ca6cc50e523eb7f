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
        typography: TypographyScale(fontFamily: "Ladbrokes Sans"),
        spacing: .standard,
        icons: IconSet(assetPrefix: "ladbrokes", hasPot: true))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("LadbrokesTheme: \(error)")
        }
    }
}
