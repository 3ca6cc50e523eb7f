import Foundation
import Hummingbird
import LiveryWire

/// The app bar's figures for a client, with `PUT` twins so tests and demos can set them:
///
/// - `GET|PUT /v2/client/{clientId}/details` ↔
///   `{"balance": "125.50", "pendingBetsCount": 2, "promotionsBalance": 3, "socialProfile": {"nickname": "…"} | null}`;
/// - `GET|PUT /v2/client/{clientId}/betslip-count` ↔ `{"count": 0}`.
///
/// A new client starts at balance `0.00`, no bets, no promotions, no profile
/// and an empty betslip. An unknown client is 404 `client.unknown`.
enum AccountRoutes {
    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.clientDetails) { _, context -> Response in
            try await services.injectFaults(.clientDetails)
            let id = try SandboxServices.clientRowID(context.parameters.get("clientId"))
            guard let details = try await services.store.details(clientID: id, in: services.world(of: context).id)
            else { throw APIError.unknownClient("client-\(id)") }
            return try JSONAnswer.response(details)
        }
        router.on(.setClientDetails) { request, context -> Response in
            try await services.injectFaults(.clientDetails)
            let id = try SandboxServices.clientRowID(context.parameters.get("clientId"))
            var request = request
            let details = try await JSONBody.decode(AccountDetails.self, from: &request, limit: services.maxBodyBytes)
            guard details.balanceIsWellFormed else {
                throw APIError(
                    .badRequest, code: .requestInvalid, message: "'balance' is not a decimal amount such as 125.50")
            }
            guard details.profileIsWithinBounds else {
                throw APIError(
                    .badRequest, code: .requestInvalid,
                    message:
                        "'socialProfile.nickname' is over \(WireLimits.text) or 'socialProfile.avatar' over \(WireLimits.avatar) characters"
                )
            }
            guard details.countsAreWithinBounds else {
                throw APIError(
                    .badRequest, code: .requestInvalid,
                    message: "'pendingBetsCount' and 'promotionsBalance' must be within 0 and \(WireLimits.count)")
            }
            guard try await services.store.setDetails(details, clientID: id, in: services.world(of: context).id) else {
                throw APIError.unknownClient("client-\(id)")
            }
            return try JSONAnswer.response(details)
        }
        router.on(.betslipCount) { _, context -> Response in
            try await services.injectFaults(.betslipCount)
            let id = try SandboxServices.clientRowID(context.parameters.get("clientId"))
            guard let count = try await services.store.betslipCount(clientID: id, in: services.world(of: context).id)
            else { throw APIError.unknownClient("client-\(id)") }
            return try JSONAnswer.response(BetslipCount(count: count))
        }
        router.on(.setBetslipCount) { request, context -> Response in
            try await services.injectFaults(.betslipCount)
            let id = try SandboxServices.clientRowID(context.parameters.get("clientId"))
            var request = request
            let body = try await JSONBody.decode(BetslipCount.self, from: &request, limit: services.maxBodyBytes)
            guard (0...WireLimits.count).contains(body.count) else {
                throw APIError(
                    .badRequest, code: .requestInvalid, message: "'count' must be within 0 and \(WireLimits.count)")
            }
            guard try await services.store.setBetslipCount(body.count, clientID: id, in: services.world(of: context).id)
            else { throw APIError.unknownClient("client-\(id)") }
            return try JSONAnswer.response(body)
        }
    }
}
