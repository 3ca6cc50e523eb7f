/// `POST /v2/client`: `{"brand": "<id>", "fields": {"<name>": "<text>", …}}`.
public struct RegistrationRequest: Codable, Sendable, Equatable, WireDocumented {
    /// The brand joined, by id (its letters in any case).
    public var brand: String
    /// The form's values by field name.
    public var fields: [String: String]

    /// A registration of `fields` (values by field name) for `brand`.
    public init(brand: String, fields: [String: String]) {
        self.brand = brand
        self.fields = fields
    }

    public static let wireSummary =
        "A registration: the join form's values by field name, checked again by the brand's own form rules."
    public static let wireNotes: [String: WireNote] = [
        "brand": WireNote(length: 1...WireLimits.text),
        "fields": WireNote(
            "The form's values by field name, as typed (a date of birth `dd/mm/yyyy`, flags `true`/`false`); "
                + "an address and a deposit limit as `address.<part>` and `depositLimit` with "
                + "`depositLimit.amount` and `depositLimit.period`."),
    ]
}

/// The answer to a registration: `{"clientId": "client-<n>"}`.
public struct ClientCreated: Codable, Sendable, Equatable, WireDocumented {
    /// The new (or, for a repeated key, the earlier) client's id.
    public var clientId: String

    /// The answer to a registration that created (or had created) `clientId`.
    public init(clientId: String) { self.clientId = clientId }

    public static let wireSummary = "The client a registration made."
    public static let wireNotes: [String: WireNote] = [
        "clientId": WireNote("The client's id.", pattern: "^client-[1-9][0-9]*$")
    ]
}

/// `GET /v2/client/check-username`: whether a name can be had, and if not why.
public struct UsernameAvailability: Codable, Sendable, Equatable, WireDocumented {
    /// The name asked about (an older server may leave it out).
    public var username: String?
    /// Whether it can be had.
    public var available: Bool
    /// The first reason it cannot (`username.taken`, or a rule it breaks).
    public var reason: String?
    /// Every reason it cannot.
    public var violations: [RuleBreach]?

    /// Whether `username` can be had; when not, the first rule it breaks as `reason` and all of them.
    public init(username: String?, available: Bool, reason: String? = nil, violations: [RuleBreach]? = nil) {
        self.username = username
        self.available = available
        self.reason = reason
        self.violations = violations
    }

    public static let wireSummary =
        "Whether a username can be had: the brand's username rules first, then whether it (or a look-alike) is taken."
    public static let wireNotes: [String: WireNote] = [
        "username": WireNote("The name asked about, as asked."),
        "reason": WireNote("When not: the first reason's code (`username.taken`, `username.characters`, …)."),
        "violations": WireNote("When not: every rule it breaks, as a 422 lists them."),
    ]
}

/// `GET|PUT /v2/client/{clientId}/details`: the app bar's figures for a client.
public struct AccountDetails: Codable, Sendable, Equatable, WireDocumented {
    /// A social profile: nickname and optional avatar.
    public struct Profile: Codable, Sendable, Equatable, WireDocumented {
        /// The name shown.
        public var nickname: String
        /// An avatar's address.
        public var avatar: String?

        /// A profile shown as `nickname`, with a picture at `avatar` when it has one.
        public init(nickname: String, avatar: String? = nil) {
            self.nickname = nickname
            self.avatar = avatar
        }

        public static let wireSummary = "A social profile."
        public static let wireNotes: [String: WireNote] = [
            "nickname": WireNote(length: 0...WireLimits.text),
            "avatar": WireNote(length: 0...WireLimits.avatar),
        ]
    }

    /// The balance as a decimal string, e.g. `125.50`.
    public var balance: String
    /// Bets placed and not yet settled.
    public var pendingBetsCount: Int
    /// Promotions on offer.
    public var promotionsBalance: Int
    /// The social profile, `null` without one.
    public var socialProfile: Profile?

    /// A client's figures: `balance` as a decimal amount such as `125.50`, and the counts.
    public init(balance: String, pendingBetsCount: Int, promotionsBalance: Int, socialProfile: Profile?) {
        self.balance = balance
        self.pendingBetsCount = pendingBetsCount
        self.promotionsBalance = promotionsBalance
        self.socialProfile = socialProfile
    }

    enum CodingKeys: String, CodingKey {
        case balance, pendingBetsCount, promotionsBalance, socialProfile
    }

    /// Encodes `socialProfile` as `null` when absent (the contract's shape).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(balance, forKey: .balance)
        try container.encode(pendingBetsCount, forKey: .pendingBetsCount)
        try container.encode(promotionsBalance, forKey: .promotionsBalance)
        try container.encode(socialProfile, forKey: .socialProfile)
    }

    /// The pattern of ``balance``: an optional minus, 1 to 12 digits, and
    /// optionally a point and 1 or 2 digits (`125.50`, `-3`, `0.5`).
    public static let balancePattern = "^-?[0-9]{1,12}(\\.[0-9]{1,2})?$"

    /// Whether ``balance`` matches ``balancePattern`` (not `1.2.3`, `-`, `1e3` or ` 5`).
    public var balanceIsWellFormed: Bool {
        var rest = Substring(balance)
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, (1...12).contains(whole.count),
            whole.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...2).contains(parts[1].count) && parts[1].unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether the profile's nickname (at most ``WireLimits/text``) and avatar
    /// (at most ``WireLimits/avatar``) are within the contract's lengths, in Unicode scalars.
    public var profileIsWithinBounds: Bool {
        guard let socialProfile else { return true }
        return socialProfile.nickname.unicodeScalars.count <= WireLimits.text
            && (socialProfile.avatar?.unicodeScalars.count ?? 0) <= WireLimits.avatar
    }

    /// Whether both counts are within `0...WireLimits.count`.
    public var countsAreWithinBounds: Bool {
        (0...WireLimits.count).contains(pendingBetsCount) && (0...WireLimits.count).contains(promotionsBalance)
    }

    public static let wireSummary = "The app bar's figures for a signed-in client."
    public static let wireNotes: [String: WireNote] = [
        "balance": WireNote("The balance as a decimal amount, e.g. `125.50`.", pattern: balancePattern),
        "pendingBetsCount": WireNote(range: 0...WireLimits.count),
        "promotionsBalance": WireNote(range: 0...WireLimits.count),
    ]
}

/// `GET|PUT /v2/client/{clientId}/betslip-count`: `{"count": 0}`.
public struct BetslipCount: Codable, Sendable, Equatable, WireDocumented {
    /// Selections on the betslip.
    public var count: Int

    /// The answer for `count` selections on the betslip.
    public init(count: Int) { self.count = count }

    public static let wireSummary = "How many selections a client's betslip holds."
    public static let wireNotes: [String: WireNote] = [
        "count": WireNote(range: 0...WireLimits.count)
    ]
}
