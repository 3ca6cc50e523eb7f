import Foundation
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a signed-in client's details and betslip count from the server and
/// feeds them to the in-memory sources the app bar follows:
///
/// - `GET /v2/client/<id>/details` → `{"balance": "125.50", "pendingBetsCount": 2,
///   "promotionsBalance": 3, "socialProfile": {"nickname": "…"} | null}`;
/// - `GET /v2/client/<id>/betslip-count` → `{"count": 0}`.
///
/// An app gives the runtime an ``EmbeddedClientDetails`` and an
/// ``EmbeddedBetslipCount`` (`LiveServices`' `clientDetails:` and
/// `betslipCount:`), and after its own sign-in calls
/// ``refresh(_:session:betslip:)`` with them: every app bar then shows the
/// client's balance, pending bets, promotions and betslip count. AppBarFeature's
/// article on the app bar shows it whole.
public struct ClientDetailsReader: Sendable {
    private let client: JSONClient

    /// A client of `configuration`'s server; an ephemeral session by default.
    public init(
        _ configuration: HTTPServiceConfiguration, session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        client = JSONClient(configuration, session: session)
    }

    /// The details of the client `clientID`.
    public func details(of clientID: String) async throws(BackendError) -> ClientDetails {
        let answer = try await get(AccountDetails.self, .clientDetails, clientID, call: "client-details")
        guard let balance = Decimal(string: answer.balance, locale: Locale(identifier: "en_US_POSIX")) else {
            throw .invalidResponse(reason: "client-details: 'balance' is not a number")
        }
        return ClientDetails(
            balance: balance, pendingBetsCount: answer.pendingBetsCount,
            socialProfile: answer.socialProfile.map { SocialProfile(nickname: $0.nickname, avatar: $0.avatar) },
            promotionsBalance: answer.promotionsBalance)
    }

    /// The betslip count of the client `clientID`.
    public func betslipCount(of clientID: String) async throws(BackendError) -> Int {
        try await get(BetslipCount.self, .betslipCount, clientID, call: "betslip-count").count
    }

    /// Signs `clientID` in on `session` with its details from the server, and sets `betslip` to its count.
    public func refresh(_ clientID: String, session: EmbeddedClientDetails, betslip: EmbeddedBetslipCount)
        async throws(BackendError)
    {
        let details = try await details(of: clientID)
        let count = try await betslipCount(of: clientID)
        session.signIn(details)
        betslip.set(count)
    }

    private func get<Answer: Decodable>(_ type: Answer.Type, _ route: WireRoute, _ clientID: String, call: String)
        async throws(BackendError) -> Answer
    {
        let response: JSONClient.Response
        do {
            response = try await client.send(route.method, route.path(["clientId": clientID]))
        } catch .timedOut {
            throw .timedOut
        } catch {
            throw .unavailable(reason: "\(call): \(error.description)")
        }
        guard response.status == 200 else { throw HTTPAccountBackend.error(response, call: call) }
        return try HTTPAccountBackend.decode(type, response.body, call: call)
    }
}
