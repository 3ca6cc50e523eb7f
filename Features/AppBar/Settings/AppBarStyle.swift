import LiveryCore

/// A foreground and background colour role of the brand's theme.
public struct ColorPair: Hashable, Sendable {
    /// Text and icons.
    public var foreground: ColorRole
    /// What they sit on.
    public var background: ColorRole

    /// A pair.
    public init(foreground: ColorRole, background: ColorRole) {
        self.foreground = foreground
        self.background = background
    }
}

/// Which theme colour roles the app bar draws with. The colours themselves
/// come from the brand's `Theme`; a brand may also remap the roles here.
public struct AppBarStyle: Hashable, Sendable {
    /// The bar and its plain items.
    public var bar: ColorPair
    /// The balance pill.
    public var balance: ColorPair
    /// The join button, the signed-out call to action.
    public var join: ColorPair
    /// Badges and the betslip counter.
    public var badge: ColorPair

    /// The standard roles: the app-bar pair for the bar, primary for the
    /// balance, secondary for join, the badge pair for badges.
    public init(
        bar: ColorPair = ColorPair(foreground: .appBarForeground, background: .appBarBackground),
        balance: ColorPair = ColorPair(foreground: .onPrimary, background: .primary),
        join: ColorPair = ColorPair(foreground: .onSecondary, background: .secondary),
        badge: ColorPair = ColorPair(foreground: .badgeForeground, background: .badgeBackground)
    ) {
        self.bar = bar
        self.balance = balance
        self.join = join
        self.badge = badge
    }
}
