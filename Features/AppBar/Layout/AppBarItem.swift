import Foundation
import LiveryCore

/// One item a head draws on the app bar: what it is, how it looks (semantic
/// icon and theme colour roles, never concrete colours or strings) and
/// whether it can be tapped.
public struct AppBarItem: Hashable, Sendable, Identifiable {
    /// The stable id; taps refer to it (``AppBarIntent/tap(_:)``).
    public var id: AppBarItemID
    /// The semantic icon, if the item has one.
    public var icon: IconRole?
    /// The brand's asset for ``icon``, from the runtime's theme.
    public var iconAsset: String?
    /// What the item shows besides its icon.
    public var content: AppBarItemContent
    /// The colour roles it is drawn with.
    public var colors: ColorPair
    /// A number badge, if one shows.
    public var badge: AppBarBadge?
    /// Whether tapping does something; spacers, the logo and the title never do.
    public var isEnabled: Bool
    /// Whether what the item toggles is open (the user tray, the locker).
    public var isActive: Bool

    /// An item.
    public init(
        id: AppBarItemID, icon: IconRole? = nil, iconAsset: String? = nil, content: AppBarItemContent,
        colors: ColorPair, badge: AppBarBadge? = nil, isEnabled: Bool = true, isActive: Bool = false
    ) {
        self.id = id
        self.icon = icon
        self.iconAsset = iconAsset
        self.content = content
        self.colors = colors
        self.badge = badge
        self.isEnabled = isEnabled
        self.isActive = isActive
    }
}

/// What an item shows besides its icon. Labels are the head's to localise,
/// keyed by the item's id.
public enum AppBarItemContent: Hashable, Sendable {
    /// The icon alone (search, pending bets, locker, toolbox).
    case icon
    /// A labelled button (log in, join).
    case label
    /// The balance pill: an amount in a currency (ISO 4217 code).
    case balance(amount: Decimal, currencyCode: String)
    /// The betslip counter.
    case counter(BetslipCounter)
    /// The user tray's handle: the client's avatar, when their profile has loaded.
    case avatar(SocialProfile?)
    /// The screen's title.
    case title(String)
    /// The brand's logo.
    case logo
    /// Empty space that keeps the right-hand group at its minimum size.
    case spacer
}

/// A number on an item, drawn in the style's badge colours.
public struct AppBarBadge: Hashable, Sendable {
    /// The number, always above zero.
    public var count: Int
    /// The colour roles.
    public var colors: ColorPair

    /// A badge.
    public init(count: Int, colors: ColorPair) {
        self.count = count
        self.colors = colors
    }
}

/// The betslip counter and how a head moves to its value.
///
/// When ``value`` differs from the number the head shows, it animates there
/// if ``animatesChange`` is `true` and jumps there otherwise. A change that
/// happens while the bar is visible animates; a bar that re-appears jumps to
/// the current count, then animates later changes.
public struct BetslipCounter: Hashable, Sendable {
    /// The number of selections on the betslip.
    public var value: Int
    /// Whether the move to ``value`` is animated.
    public var animatesChange: Bool

    /// A counter.
    public init(value: Int, animatesChange: Bool = false) {
        self.value = value
        self.animatesChange = animatesChange
    }
}
