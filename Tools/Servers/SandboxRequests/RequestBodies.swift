import Foundation

/// The JSON bodies the sandbox reads, as plain values: what a request must
/// look like before any rule is applied. Decoding lives apart from the server
/// so it can be tested and fuzzed without one.

/// `POST /v2/client`: `{"brand": "<id>", "fields": {"<name>": "<text>", …}}`.
public struct RegistrationBody: Codable, Sendable, Equatable {
    /// The brand joined, by id or name.
    public let brand: String
    /// The form's values by field name.
    public let fields: [String: String]

    /// A body.
    public init(brand: String, fields: [String: String]) {
        self.brand = brand
        self.fields = fields
    }
}

/// `POST /sandbox/seed`: the world a scenario's `given:` describes.
public struct SeedBody: Decodable, Sendable {
    /// Someone who already has an account.
    public struct Account: Decodable, Sendable {
        public let email: String?
        public let mobile: String?
        public let username: String?
    }

    /// Someone on the self-exclusion register.
    public struct Person: Decodable, Sendable {
        public let firstName: String
        public let lastName: String
        /// `yyyy-mm-dd`.
        public let dateOfBirth: String
    }

    public let brand: String
    /// `yyyy-mm-dd`, the day taken as today.
    public let today: String?
    public let existingAccounts: [Account]?
    public let takenUsernames: [String]?
    public let selfExcluded: [Person]?
    /// Fault words such as `check-username=500@1.0`.
    public let faults: [String]?
}

/// `GET|PUT /v2/client/{id}/details`: the app bar's figures for a client.
public struct AccountDetails: Codable, Equatable, Sendable {
    /// A social profile: nickname and optional avatar.
    public struct Profile: Codable, Equatable, Sendable {
        public var nickname: String
        public var avatar: String?

        /// A profile.
        public init(nickname: String, avatar: String? = nil) {
            self.nickname = nickname
            self.avatar = avatar
        }
    }

    /// The balance as a decimal string, e.g. `125.50`.
    public var balance: String
    public var pendingBetsCount: Int
    public var promotionsBalance: Int
    public var socialProfile: Profile?

    /// Figures.
    public init(balance: String, pendingBetsCount: Int, promotionsBalance: Int, socialProfile: Profile?) {
        self.balance = balance
        self.pendingBetsCount = pendingBetsCount
        self.promotionsBalance = promotionsBalance
        self.socialProfile = socialProfile
    }

    enum CodingKeys: String, CodingKey {
        case balance, pendingBetsCount, promotionsBalance, socialProfile
    }

    /// Whether `balance` is an amount as the contract writes one: an optional
    /// minus, 1 to 12 digits, and optionally a point and 1 or 2 digits
    /// (`125.50`, `-3`, `0.5`) — not `1.2.3`, `-`, `1e3` or ` 5`.
    public var balanceIsWellFormed: Bool {
        var rest = Substring(balance)
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, (1...12).contains(whole.count),
            whole.allSatisfy({ ("0"..."9").contains($0) })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...2).contains(parts[1].count) && parts[1].allSatisfy { ("0"..."9").contains($0) }
    }

    /// Encodes `socialProfile` as `null` when absent (the contract's shape).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(balance, forKey: .balance)
        try container.encode(pendingBetsCount, forKey: .pendingBetsCount)
        try container.encode(promotionsBalance, forKey: .promotionsBalance)
        try container.encode(socialProfile, forKey: .socialProfile)
    }
}

/// `GET|PUT /v2/client/{id}/betslip-count`: `{"count": 0}`.
public struct BetslipCountBody: Codable, Sendable, Equatable {
    public let count: Int

    /// A count.
    public init(count: Int) { self.count = count }
}

/// `POST /address/find` and `/address/retrieve`: the Harmony-style `{"payload": [item]}`.
public struct AddressEnvelope<Item: Decodable & Sendable>: Decodable, Sendable {
    public let payload: [Item]
}

/// A find item: the typed text and the country.
public struct AddressFindItem: Decodable, Sendable {
    public let country: String
    public let fullAddress: String
}

/// A retrieve item: a suggestion's id.
public struct AddressRetrieveItem: Decodable, Sendable {
    public let id: String
}
