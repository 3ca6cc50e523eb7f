/// The sandbox's routes by the names fault injection and the request log use.
public enum SandboxRoute: String, Sendable, CaseIterable, CustomStringConvertible {
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

    /// The route's name, e.g. `check-username`.
    public var description: String { rawValue }
}
