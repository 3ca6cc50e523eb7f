/// The semantic icons the app bar and join form draw. Raw values are the
/// design-token names (`icon.search`).
public enum IconRole: String, Hashable, Sendable, Codable, CaseIterable {
    case search
    /// Log in.
    case login
    case join
    case betslip
    /// The balance pill.
    case balance
    case pendingBets
    /// The promotions locker.
    case locker
    /// The toolbox of shortcuts.
    case toolbox
    /// The user tray.
    case userTray
    /// The brand's pot icon (some brands have none).
    case pot
    case close
    /// Clear a text field.
    case clear

    /// Whether every brand must supply this icon; only ``pot`` is optional.
    public var isRequired: Bool { self != .pot }
}

/// Asset names for the icons. Every icon is a non-optional stored property,
/// so a set missing one does not compile, except the pot icon, which some
/// brands do not have (`nil`). Encodes with the roles' raw values as keys.
public struct IconSet: Hashable, Sendable, Codable {
    public var search: String
    /// Log in.
    public var login: String
    public var join: String
    public var betslip: String
    /// The balance pill.
    public var balance: String
    public var pendingBets: String
    /// The promotions locker.
    public var locker: String
    /// The toolbox of shortcuts.
    public var toolbox: String
    /// The user tray.
    public var userTray: String
    /// The pot icon, if the brand has one.
    public var pot: String?
    public var close: String
    /// Clear a text field.
    public var clear: String

    /// An icon set; pass `pot: nil` for a brand without a pot icon.
    public init(
        search: String, login: String, join: String, betslip: String, balance: String, pendingBets: String,
        locker: String, toolbox: String, userTray: String, pot: String?, close: String, clear: String
    ) {
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

    /// The roles whose asset name is blank (empty or only white space), in
    /// ``IconRole`` order; a missing pot icon is not blank.
    public var blankRoles: [IconRole] {
        IconRole.allCases.filter { role in self[role].map { $0.allSatisfy(\.isWhitespace) } ?? false }
    }
}

extension IconSet {
    /// Icons named `<prefix>.icon.<role>` (e.g. `acme.icon.search`), with a
    /// pot icon only when the brand has one.
    public init(assetPrefix prefix: String, hasPot: Bool) {
        self.init(
            search: "\(prefix).icon.search", login: "\(prefix).icon.login", join: "\(prefix).icon.join",
            betslip: "\(prefix).icon.betslip", balance: "\(prefix).icon.balance",
            pendingBets: "\(prefix).icon.pending", locker: "\(prefix).icon.locker",
            toolbox: "\(prefix).icon.toolbox", userTray: "\(prefix).icon.tray",
            pot: hasPot ? "\(prefix).icon.pot" : nil, close: "\(prefix).icon.close", clear: "\(prefix).icon.clear")
    }
}

extension SpacingScale {
    /// 2, 4, 8, 16, 24 and 32 points.
    public static let standard = SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32)
}
