/// The calls of the app's backend contract, by the names fault plans, the
/// sandbox's request log and scenario files use.
public enum ServiceRoute: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `GET /v2/client/check-username`.
    case checkUsername = "check-username"
    /// `POST /v2/client`.
    case createClient = "create-client"
    /// `POST /address/find` and `POST /address/retrieve`.
    case address
    /// `GET`/`PUT /v2/client/{clientId}/details`.
    case clientDetails = "client-details"
    /// `GET`/`PUT /v2/client/{clientId}/betslip-count`.
    case betslipCount = "betslip-count"
    /// `GET /v2/registration/config`.
    case registrationConfig = "registration-config"

    /// The calls a journey makes, which a scenario may fault on either
    /// backend: the username check, client creation and address lookup.
    public static let journeyCalls: [ServiceRoute] = [.checkUsername, .createClient, .address]

    /// The route's name, e.g. `check-username`.
    public var description: String { rawValue }
}
