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
        typography: TypographyScale(fontFamily: "Betcha Display"),
        spacing: .standard,
        icons: IconSet(assetPrefix: "betcha", hasPot: false))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("BetchaTheme: \(error)")
        }
    }
}
