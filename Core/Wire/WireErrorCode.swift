/// Every code an error answer's `error.code` carries: the one list the
/// servers answer with and the contract documents.
///
/// The wire spells each as its raw value (`request.invalid`); an app reads
/// ``ErrorAnswer/Detail/code`` as text, so a code a newer server adds still
/// decodes, and ``ErrorAnswer/Detail/wireCode`` names it when it is one of these.
public enum WireErrorCode: String, CaseIterable, Codable, Sendable {
    // The request itself.

    /// A parameter, header or value is missing, malformed or out of bounds.
    case requestInvalid = "request.invalid"
    /// The body is not the JSON the route reads.
    case requestMalformed = "request.malformed"
    /// The body is larger than the server reads.
    case requestTooLarge = "request.tooLarge"
    /// The request head is larger than the server reads.
    case requestHeadTooLarge = "request.headTooLarge"
    /// The request head did not arrive in time.
    case requestHeadTimeout = "request.headTimeout"
    /// The body did not arrive in time.
    case requestBodyTimeout = "request.bodyTimeout"
    /// The target is not a canonical path (doubled or trailing slashes, dot segments, encoded separators).
    case pathNotCanonical = "path.notCanonical"
    /// No route answers this path.
    case routeUnknown = "route.unknown"
    /// The route does not take this method.
    case methodNotAllowed = "method.notAllowed"
    /// A browser page of another site asked (the preview's origin policy).
    case originForbidden = "origin.forbidden"

    // The server.

    /// Every connection is in use; try again after `Retry-After`.
    case serverBusy = "server.busy"
    /// The server failed; nothing was changed.
    case serverError = "server.error"
    /// The database did not answer; nothing was stored or read.
    case databaseUnavailable = "database.unavailable"
    /// A failure injected by a seed or a fault plan.
    case faultInjected = "fault.injected"
    /// A time-out injected by a seed or a fault plan.
    case faultTimeout = "fault.timeout"

    // Access.

    /// The server asks for an access token and none was sent.
    case authRequired = "auth.required"
    /// The access token sent is not one the server accepts.
    case authInvalid = "auth.invalid"

    // The service's answers.

    /// The brand is not served.
    case brandUnknown = "brand.unknown"
    /// No client has this id.
    case clientUnknown = "client.unknown"
    /// No address has this id.
    case addressUnknown = "address.unknown"
    /// The registration breaks the form's rules; the answer lists them per field.
    case validationFailed = "validation.failed"
    /// The username, or a look-alike of it, is taken.
    case usernameTaken = "username.taken"
    /// The person already has an account.
    case accountExists = "account.exists"
    /// The applicant is on the self-exclusion register; no account is made.
    case selfExcluded = "self.excluded"
    /// The idempotency key was used before for another request.
    case idempotencyMismatch = "idempotency.mismatch"
    /// The idempotency key is older than the server keeps keys.
    case idempotencyExpired = "idempotency.expired"

    // Seeding and worlds.

    /// A seed names a value the contract does not allow; nothing was changed.
    case seedInvalid = "seed.invalid"
    /// This sandbox does not allow seeding, or not with this token.
    case seedForbidden = "seed.forbidden"
    /// No token may seed or use the default world on this sandbox.
    case worldForbidden = "world.forbidden"
    /// This sandbox serves only its default world.
    case worldNotAllowed = "world.notAllowed"
    /// No world has this id.
    case worldUnknown = "world.unknown"
    /// The world has expired and was removed.
    case worldExpired = "world.expired"
    /// As many worlds as the sandbox (or this token's share) keeps are in use.
    case worldLimit = "world.limit"
}

extension ErrorAnswer.Detail {
    /// What went wrong, as a code of ``WireErrorCode``.
    public init(code: WireErrorCode, message: String, fields: [String: [RuleBreach]]? = nil) {
        self.init(code: code.rawValue, message: message, fields: fields)
    }

    /// The code as a ``WireErrorCode``, or `nil` for one this version does not know.
    public var wireCode: WireErrorCode? { WireErrorCode(rawValue: code) }
}
