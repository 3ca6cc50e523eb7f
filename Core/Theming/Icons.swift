/// The semantic icons the app bar and join form draw.
public enum IconRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// Search.
    case search
    /// Log in.
    case login
    /// Join.
    case join
    /// The betslip.
    case betslip
    /// The balance pill.
    case balance
    /// Pending bets.
    case pendingBets
    /// The promotions locker.
    case locker
    /// The toolbox of shortcuts.
    case toolbox
    /// The user tray.
    case userTray
    /// The brand's pot icon (some brands have none).
    case pot
    /// Close.
    case close
    /// Clear a text field.
    case clear
}

/// Asset names for the icons. Every icon is required except the pot icon,
/// which some brands do not have.
public struct IconSet: Hashable, Sendable, Codable {
    /// Search.
    public var search: String
    /// Log in.
    public var login: String
    /// Join.
    public var join: String
    /// The betslip.
    public var betslip: String
    /// The balance pill.
    public var balance: String
    /// Pending bets.
    public var pendingBets: String
    /// The promotions locker.
    public var locker: String
    /// The toolbox of shortcuts.
    public var toolbox: String
    /// The user tray.
    public var userTray: String
    /// The pot icon, if the brand has one.
    public var pot: String?
    /// Close.
    public var close: String
    /// Clear a text field.
    public var clear: String

    /// An icon set.
    public init(search: String, login: String, join: String, betslip: String, balance: String, pendingBets: String,
                locker: String, toolbox: String, userTray: String, pot: String?, close: String, clear: String) {
        self.search = search
        self.login = login
        self.join = join
        self.betslip = betslip
        self.balance = balance
        self.pendingBets = pendingBets
        self.locker = locker
        self.toolbox = toolbox
        self.userTray = userTray
        self.pot = pot
        self.close = close
        self.clear = clear
    }

    /// The asset of `role`, or `nil` for a pot icon the brand does not have.
    public subscript(role: IconRole) -> String? {
        switch role {
        case .search: search
        case .login: login
        case .join: join
        case .betslip: betslip
        case .balance: balance
        case .pendingBets: pendingBets
        case .locker: locker
        case .toolbox: toolbox
        case .userTray: userTray
        case .pot: pot
        case .close: close
        case .clear: clear
        }
    }
}
