/// The account API the join journey talks to: username availability and
/// client creation. Every call says which brand it is for (a check names
/// the brand; a registration carries it), so one service can serve several.
///
/// Livery ships an embedded one (in process, for runs and tests) and one over
/// HTTP (`HTTPAccountBackend`, for the sandbox or a real server); an app may
/// give its own, calling its backend through its own networking. Errors say
/// which call failed and why; they never contain the values that were sent.
public protocol AccountBackend: Sendable {
    /// Whether `username` can be registered with `brand`: the brand's
    /// username rules first, then whether someone has it (or a look-alike of it).
    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict

    /// Creates a client account from a completed form.
    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient
}

/// The answer to a username check.
public enum UsernameVerdict: Hashable, Sendable {
    /// Nobody has the name or a look-alike of it, and it keeps the brand's rules.
    case available
    /// The name cannot be used, and why: `username.taken`, or the codes of
    /// the brand's username rules it breaks (e.g. `username.characters`).
    case unavailable([RuleViolation])

    /// The code of the taken-name answer.
    public static let takenCode: RuleCode = "username.taken"

    /// Whether the name can be used.
    public var isAvailable: Bool { self == .available }

    /// Why the name cannot be used; empty when it can.
    public var reasons: [RuleViolation] {
        if case .unavailable(let reasons) = self { reasons } else { [] }
    }
}

/// A completed join form, ready to send. Its description never shows values.
public struct ClientRegistration: Sendable, Equatable, CustomStringConvertible {
    /// The brand the client joins.
    public var brand: BrandID
    /// The submitted values by field name, as text as the form holds it (dates `dd/mm/yyyy`, ticks
    /// `true`/`false`); a composite field's children as `parent.child`.
    public var fields: [String: String]
    /// A key the server uses to recognise a retried request, so a retry never creates a second client.
    public var idempotencyKey: String

    /// A registration of `fields` for `brand`; `idempotencyKey` makes a repeat of it harmless.
    public init(brand: BrandID, fields: [String: String], idempotencyKey: String) {
        self.brand = brand
        self.fields = fields
        self.idempotencyKey = idempotencyKey
    }

    /// The brand and the field names only: values are personal data.
    public var description: String {
        "registration for \(brand) with fields \(fields.keys.sorted().joined(separator: ", "))"
    }
}

/// The answer to a successful ``AccountBackend/createClient(_:)``.
public struct CreatedClient: Hashable, Sendable, Codable {
    /// The new client's identifier.
    public var clientID: String

    /// The client the account service created, by its id.
    public init(clientID: String) { self.clientID = clientID }
}

/// Why a backend call failed.
public enum BackendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached or answered with a server error.
    case unavailable(reason: String)
    /// The server did not answer in time.
    case timedOut
    /// The server rejected fields (e.g. a 422), with rule codes per field.
    case rejected([FieldName: [RuleViolation]])
    /// The request conflicts with existing data (e.g. a 409 for a taken username).
    case conflict(reason: String)
    /// The server answered with something that is not the expected shape.
    case invalidResponse(reason: String)
    /// The applicant is on the national self-exclusion register: no account is created.
    case selfExcluded
    /// The applicant already has an account with the brand (their email or
    /// mobile number belongs to a client): they should log in instead.
    case accountExists
    /// The idempotency key was used before for another request (other
    /// details, or another brand): nothing was created; a new key is needed.
    case idempotencyMismatch
    public var description: String {
        switch self {
        case .unavailable(let reason): "the account service is unavailable: \(reason)"
        case .timedOut: "the account service did not answer in time"
        case .rejected(let fields):
            "the account service rejected \(fields.keys.sorted().map(\.rawValue).joined(separator: ", "))"
        case .conflict(let reason): "the account service refused: \(reason)"
        case .invalidResponse(let reason): "the account service answered with an unexpected shape: \(reason)"
        case .selfExcluded: "the applicant is on the self-exclusion register"
        case .accountExists: "the applicant already has an account"
        case .idempotencyMismatch: "the idempotency key was used before for other details"
        }
    }
}
