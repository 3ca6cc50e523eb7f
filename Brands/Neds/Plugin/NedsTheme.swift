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
        typography: TypographyScale(fontFamily: "Neds Grotesk"),
        spacing: .standard,
        icons: IconSet(assetPrefix: "neds", hasPot: true))

    /// A colour written in this file; a typo is a programming error caught by the brand's tests.
    private static func color(_ hex: String) -> RGBColor {
        do {
            return try RGBColor(hex: hex)
        } catch {
            preconditionFailure("NedsTheme: \(error)")
        }
    }
}
