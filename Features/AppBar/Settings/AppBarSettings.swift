import LiveryCore

/// The app bar's settings: everything that differs between brands. Every
/// value has a default; a brand plugin overrides what differs.
///
/// ```swift
/// func configure(_ settings: inout FeatureSettings) {
///     settings[AppBarSettings.Key.self].promotions = .toolbox(showsBadge: true)
///     settings[AppBarSettings.Key.self].showsPotIcon = true
/// }
/// ```
public struct AppBarSettings: Hashable, Sendable {
    /// The promotions entry signed-in clients see: a locker, a toolbox or
    /// none (the default).
    public var promotions: PromotionsEntry
    /// Whether the pending-bets item is drawn with the brand's pot icon
    /// (`IconRole/pot`). A theme without a pot icon falls back to
    /// `IconRole/pendingBets`. Off by default.
    public var showsPotIcon: Bool
    /// The fewest items the right-hand group holds; shorter groups are padded
    /// with spacers at their leading edge so the centre items never crowd
    /// into them. Four by default; negative values count as zero.
    public var minimumRightItems: Int
    /// How long after closing the user tray the locker opens, when the locker
    /// is toggled over an open tray. 300 ms by default.
    public var lockerDelayAfterUserTray: Duration
    /// The theme colour roles the bar and its items are drawn with.
    public var style: AppBarStyle

    /// Settings with every default.
    public init(
        promotions: PromotionsEntry = .none, showsPotIcon: Bool = false, minimumRightItems: Int = 4,
        lockerDelayAfterUserTray: Duration = .milliseconds(300), style: AppBarStyle = AppBarStyle()
    ) {
        self.promotions = promotions
        self.showsPotIcon = showsPotIcon
        self.minimumRightItems = minimumRightItems
        self.lockerDelayAfterUserTray = lockerDelayAfterUserTray
        self.style = style
    }

    /// The key the settings are stored under in `FeatureSettings`.
    public enum Key: FeatureSettingKey {
        /// Every default.
        public static let defaultValue = AppBarSettings()
    }
}

/// The promotions entry on the signed-in app bar: brand
/// configuration, never a brand check in feature code.
public enum PromotionsEntry: Hashable, Sendable {
    /// No promotions entry.
    case none
    /// The locker, toggled open and closed over the screen; with a badge
    /// showing the client's promotions balance when `showsBadge`.
    case locker(showsBadge: Bool)
    /// The toolbox, a screen of shortcuts; with a badge showing the client's
    /// promotions balance when `showsBadge`.
    case toolbox(showsBadge: Bool)

    /// The item this entry adds, or `nil` for ``none``.
    public var itemID: AppBarItemID? {
        switch self {
        case .none: nil
        case .locker: .locker
        case .toolbox: .toolbox
        }
    }

    /// Whether the entry shows the promotions balance as a badge.
    public var showsBadge: Bool {
        switch self {
        case .none: false
        case .locker(let showsBadge), .toolbox(let showsBadge): showsBadge
        }
    }
}
