/// The stable identity of an app bar item, e.g. `locker`. Scenario files and
/// heads refer to items by these names.
///
/// | id | group | shown |
/// | --- | --- | --- |
/// | `userTray` | left | signed in |
/// | `logo` / `title` | centre | always (a title when the screen gives one) |
/// | `spacer-1`, `spacer-2`, … | right, leading | when the right group is short of its minimum |
/// | `search` | right | unless the screen hides it |
/// | `login`, `join` | right | signed out |
/// | `locker` or `toolbox` | right | signed in, per the brand's promotions entry |
/// | `balance`, `pendingBets` | right | signed in |
/// | `betslip` | right | always |
public struct AppBarItemID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible, CaseIterable
{
    /// The id's name.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name given as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The name.
    public var description: String { rawValue }

    /// Search.
    public static let search: AppBarItemID = "search"
    /// Log in (signed out).
    public static let login: AppBarItemID = "login"
    /// Join (signed out).
    public static let join: AppBarItemID = "join"
    /// The betslip and its counter.
    public static let betslip: AppBarItemID = "betslip"
    /// The balance pill (signed in).
    public static let balance: AppBarItemID = "balance"
    /// Pending bets (signed in).
    public static let pendingBets: AppBarItemID = "pendingBets"
    /// The promotions locker (signed in, where the brand has one).
    public static let locker: AppBarItemID = "locker"
    /// The toolbox (signed in, where the brand has one).
    public static let toolbox: AppBarItemID = "toolbox"
    /// The user tray's handle (signed in).
    public static let userTray: AppBarItemID = "userTray"
    /// The brand's logo, in the centre when the screen has no title.
    public static let logo: AppBarItemID = "logo"
    /// The screen's title, in the centre.
    public static let title: AppBarItemID = "title"

    /// The `index`th spacer (from 1) padding the right-hand group.
    public static func spacer(_ index: Int) -> AppBarItemID { AppBarItemID(rawValue: "spacer-\(index)") }

    /// Every item a bar can show but spacers, in the order of the table above:
    /// the one list the scenario tools and the preview read.
    public static let allCases: [AppBarItemID] = [
        .userTray, .logo, .title, .search, .login, .join, .locker, .toolbox, .balance, .pendingBets, .betslip,
    ]

    /// Whether this is a spacer.
    public var isSpacer: Bool { rawValue.hasPrefix("spacer-") }
}
