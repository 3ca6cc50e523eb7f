import Foundation

/// One operation of the contract: a method on a path template such as
/// `/v2/client/{clientId}/details`. The app's clients send to it, the
/// sandbox serves it and the published document lists it, all from this table.
public struct WireRoute: Hashable, Sendable, CustomStringConvertible {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    public let method: String
    /// The path, with `{name}` where a parameter goes.
    public let template: String
    /// The operation's name in the published document.
    public let operationID: String
    /// The headers a request must carry (checked before anything else about it).
    public let requiredHeaders: [String]
    /// Whether only a sandbox that allows seeding serves it (it makes, seeds, reads or deletes worlds).
    public let isSeeding: Bool

    init(
        _ method: String, _ template: String, _ operationID: String, requiredHeaders: [String] = [],
        isSeeding: Bool = false
    ) {
        self.method = method
        self.template = template
        self.operationID = operationID
        self.requiredHeaders = requiredHeaders
        self.isSeeding = isSeeding
    }

    /// The route `method` and `path` (without its query) ask for, if any.
    public static func matching(method: String, path: String) -> WireRoute? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return all.first { route in
            let pattern = route.template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            return route.method == method && pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
        }
    }

    /// `GET /v2/client/check-username`.
    public var description: String { "\(method) \(template)" }

    /// The path with each `{name}` replaced by `values[name]`, percent-encoded
    /// as one path segment, and without the leading `/` (relative to a base URL).
    public func path(_ values: [String: String] = [:]) -> String {
        var path = template
        for (name, value) in values {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value
            path = path.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return String(path.dropFirst())
    }

    private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    /// Whether a username can be had: ``UsernameAvailability``.
    public static let checkUsername = WireRoute("GET", "/v2/client/check-username", "checkUsername")
    /// Registers a client: ``RegistrationRequest`` → ``ClientCreated``.
    public static let createClient = WireRoute(
        "POST", "/v2/client", "createClient", requiredHeaders: [WireHeader.idempotencyKey])
    /// A client's app-bar figures: ``AccountDetails``.
    public static let clientDetails = WireRoute("GET", "/v2/client/{clientId}/details", "getClientDetails")
    /// Sets a client's app-bar figures (the sandbox's, for tests and demos).
    public static let setClientDetails = WireRoute("PUT", "/v2/client/{clientId}/details", "setClientDetails")
    /// A client's betslip count: ``BetslipCount``.
    public static let betslipCount = WireRoute("GET", "/v2/client/{clientId}/betslip-count", "getBetslipCount")
    /// Sets a client's betslip count (the sandbox's, for tests and demos).
    public static let setBetslipCount = WireRoute("PUT", "/v2/client/{clientId}/betslip-count", "setBetslipCount")
    /// A brand's join form definition.
    public static let registrationConfig = WireRoute("GET", "/v2/registration/config", "getRegistrationConfig")
    /// Address suggestions for typed text: ``AddressRequest`` of ``AddressFindItem``.
    public static let findAddress = WireRoute("POST", "/address/find", "findAddress")
    /// A suggestion's whole address: ``AddressRequest`` of ``AddressRetrieveItem``.
    public static let retrieveAddress = WireRoute("POST", "/address/retrieve", "retrieveAddress")
    /// Whether the server and its database answer: ``HealthAnswer``.
    public static let health = WireRoute("GET", "/health", "getHealth")
    /// The process's metrics in Prometheus' text format.
    public static let metrics = WireRoute("GET", "/metrics", "getMetrics")
    /// This contract as an OpenAPI document.
    public static let contract = WireRoute("GET", "/openapi.json", "getContract")
    /// Seeds a world (the default one, or the one `Livery-World` names): ``SeedRequest`` → ``Seeded``.
    public static let seed = WireRoute("POST", "/sandbox/seed", "seedWorld", isSeeding: true)
    /// Makes a world of its own for a run: ``SeedRequest`` → ``WorldCreated``.
    public static let createWorld = WireRoute("POST", "/sandbox/worlds", "createWorld", isSeeding: true)
    /// Deletes a world and everything it holds.
    public static let deleteWorld = WireRoute("DELETE", "/sandbox/worlds/{worldId}", "deleteWorld", isSeeding: true)
    /// The clients registrations created in a world, as the server stored them: ``RegisteredClients``.
    public static let registeredClients = WireRoute("GET", "/sandbox/clients", "listRegisteredClients", isSeeding: true)

    /// What every server of the contract serves.
    public static let service = all.filter { !$0.isSeeding }
    /// What a sandbox that allows seeding serves besides.
    public static let seeding = all.filter(\.isSeeding)
    /// Every operation, in ``WireOperation``'s order.
    public static let all = WireOperation.allCases.map(\.route)

}

/// Every operation of the contract: the one list that the routes, the
/// sandbox's guards and the published document are read from. A new case
/// does not compile until the document describes it.
public enum WireOperation: CaseIterable, Sendable {
    case checkUsername, createClient, clientDetails, setClientDetails, betslipCount, setBetslipCount
    case registrationConfig, findAddress, retrieveAddress, health, metrics, contract
    case seed, createWorld, deleteWorld, registeredClients

    /// Its route.
    public var route: WireRoute {
        switch self {
        case .checkUsername: .checkUsername
        case .createClient: .createClient
        case .clientDetails: .clientDetails
        case .setClientDetails: .setClientDetails
        case .betslipCount: .betslipCount
        case .setBetslipCount: .setBetslipCount
        case .registrationConfig: .registrationConfig
        case .findAddress: .findAddress
        case .retrieveAddress: .retrieveAddress
        case .health: .health
        case .metrics: .metrics
        case .contract: .contract
        case .seed: .seed
        case .createWorld: .createWorld
        case .deleteWorld: .deleteWorld
        case .registeredClients: .registeredClients
        }
    }
}
