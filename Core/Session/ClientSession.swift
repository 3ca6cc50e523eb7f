import Foundation

/// Whether someone is signed in, and what the app knows about them.
public enum ClientSession: Hashable, Sendable {
    /// Nobody is signed in.
    case signedOut
    /// A client is signed in, with their latest details.
    case signedIn(ClientDetails)

    /// Whether a client is signed in.
    public var isSignedIn: Bool {
        if case .signedIn = self { return true }
        return false
    }

    /// The signed-in client's details, or `nil` when signed out.
    public var details: ClientDetails? {
        if case .signedIn(let details) = self { return details }
        return nil
    }
}

/// What the app shows about a signed-in client: the account balance, how
/// many bets are pending, the social profile and the promotions balance.
///
/// Everything here is about a person: none of it belongs in analytics.
public struct ClientDetails: Hashable, Sendable {
    /// The account balance, in the brand's currency.
    public var balance: Decimal
    /// How many of the client's bets have not been resulted yet.
    public var pendingBetsCount: Int
    /// The client's social profile, once it has loaded.
    public var socialProfile: SocialProfile?
    /// The count of promotions (or tools) waiting for the client, shown as a
    /// badge on the promotions entry; zero shows no badge.
    public var promotionsBalance: Int

    /// Details of a signed-in client.
    public init(
        balance: Decimal, pendingBetsCount: Int = 0, socialProfile: SocialProfile? = nil,
        promotionsBalance: Int = 0
    ) {
        self.balance = balance
        self.pendingBetsCount = pendingBetsCount
        self.socialProfile = socialProfile
        self.promotionsBalance = promotionsBalance
    }
}

/// How a client presents themselves to others: a nickname and an avatar.
public struct SocialProfile: Hashable, Sendable {
    /// The public nickname.
    public var nickname: String
    /// The avatar image's address or asset name, if the client chose one.
    public var avatar: String?

    /// A profile shown as `nickname`, with a picture at `avatar` when it has one.
    public init(nickname: String, avatar: String? = nil) {
        self.nickname = nickname
        self.avatar = avatar
    }
}
