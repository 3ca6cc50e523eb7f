import LiveryCore

/// An in-process account service, so a journey runs with no server: a small
/// registry of taken usernames, self-excluded people and created clients.
///
/// Creating a client, in order:
/// 1. a request whose idempotency key was seen before gets the client it
///    created when it is the same request (brand and every field), and
///    `BackendError/idempotencyMismatch` when it is not;
/// 2. the payload is validated again with the rules built from the same form
///    definition the client used (one source of truth), composite fields
///    (`parent`, `parent.child`) with the same child forms; fields the form
///    does not have, text where a tick is expected, and broken rules are
///    answered as `BackendError/rejected(_:)` with rule codes per field;
/// 3. a person who already has an account — the same email or mobile number
///    as an existing account or a client created here — gets
///    `BackendError/accountExists`;
/// 4. a username already taken — the same name or a look-alike of it, see
///    ``UsernameKey`` — is rejected on its field with `username.taken`;
/// 5. when a register is configured (the market's pack names one), a listed person
///    gets `BackendError/selfExcluded` and no account;
/// 6. otherwise the client is stored — without any `Password` field — and its username reserved.
///
/// Its state sits behind a lock and its calls run on the caller's executor:
/// a journey on the main actor asks it without leaving the main thread.
public final class EmbeddedAccountBackend: AccountBackend, Sendable {
    /// A created client as the service keeps it.
    public struct StoredClient: Hashable, Sendable {
        /// The client's id.
        public let id: String
        /// The brand joined.
        public let brand: BrandID
        /// The submitted values, without passwords.
        public let fields: [String: String]
    }

    /// What the service has registered, changed under its lock.
    private struct Registry: Sendable {
        var takenUsernames: Set<UsernameKey>
        var identities: [AccountIdentity]
        var byIdempotencyKey: [String: (client: CreatedClient, request: Int)] = [:]
        var clients: [StoredClient] = []
    }

    private let validator: RegistrationValidator
    private let selfExclusionRegister: [SelfExcludedPerson]?
    private let registry: Locked<Registry>

    /// The clients created so far, oldest first.
    public var clients: [StoredClient] { registry.withLock(\.clients) }

    /// A service validating against `definition` in `environment`.
    /// - Parameters:
    ///   - definition: The join form a registration is checked against, as the server would check it.
    ///   - environment: The market and clock the form's rules are checked in.
    ///   - fieldNames: Which of the form's fields hold the username and who the person is (names, date of birth, email, mobile).
    ///   - takenUsernames: Usernames already registered.
    ///   - existingAccounts: People who already have an account (their usernames are taken too).
    ///   - selfExclusionRegister: The register to check at creation, or `nil`
    ///     where the market has none to check.
    public init(
        definition: FormDefinition, environment: RuleEnvironment, fieldNames: AccountFieldNames = .standard,
        takenUsernames: Set<String> = [], existingAccounts: [ExistingAccount] = [],
        selfExclusionRegister: [SelfExcludedPerson]? = nil
    ) {
        self.validator = RegistrationValidator(definition: definition, environment: environment, fieldNames: fieldNames)
        self.registry = Locked(
            Registry(
                takenUsernames: Set((takenUsernames + existingAccounts.compactMap(\.username)).map(UsernameKey.init)),
                identities: existingAccounts.map { AccountIdentity($0, in: environment.market) }))
        self.selfExclusionRegister = selfExclusionRegister
    }

    /// Whether `username` keeps the form's username rules (the codes it
    /// breaks when not) and nobody has it or a look-alike of it (`username.taken`).
    public func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        let broken = validator.usernameViolations(username)
        if !broken.isEmpty { return .unavailable(broken) }
        let key = UsernameKey(username)
        return registry.withLock { $0.takenUsernames.contains(key) }
            ? .unavailable([RegistrationValidator.usernameTaken]) : .available
    }

    /// Creates a client; see the type's documentation for the checks, in order.
    public func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        let fingerprint = Self.fingerprint(of: registration)
        if let earlier = registry.withLock({ $0.byIdempotencyKey[registration.idempotencyKey] }) {
            guard earlier.request == fingerprint else { throw .idempotencyMismatch }
            return earlier.client
        }
        // The checks that read nothing the service holds run outside the lock.
        let rejected = validator.violations(in: registration.fields)
        guard rejected.isEmpty else { throw .rejected(rejected) }
        let identity = validator.identity(in: registration.fields)
        let username = UsernameKey(validator.username(in: registration.fields))
        let secretFields = validator.secretFields
        let usernameField = validator.fieldNames.username
        return try registry.withLock { (registry: inout Registry) throws(BackendError) -> CreatedClient in
            // Another call may have created this key's client since the first look.
            if let earlier = registry.byIdempotencyKey[registration.idempotencyKey] {
                guard earlier.request == fingerprint else { throw .idempotencyMismatch }
                return earlier.client
            }
            if registry.identities.contains(where: identity.matches) { throw .accountExists }
            if registry.takenUsernames.contains(username) {
                throw .rejected([usernameField: [RegistrationValidator.usernameTaken]])
            }
            if let register = selfExclusionRegister, validator.isListed(registration.fields, in: register) {
                throw .selfExcluded
            }
            let client = CreatedClient(clientID: "client-\(registry.clients.count + 1)")
            registry.clients.append(
                StoredClient(
                    id: client.clientID, brand: registration.brand,
                    fields: registration.fields.filter { !secretFields.contains($0.key) }))
            registry.takenUsernames.insert(username)
            registry.identities.append(identity)
            registry.byIdempotencyKey[registration.idempotencyKey] = (client, fingerprint)
            return client
        }
    }

    /// What a key is bound to: the brand and every field (kept in memory
    /// only, as a hash, so no password is held as text).
    private static func fingerprint(of registration: ClientRegistration) -> Int {
        var hasher = Hasher()
        hasher.combine(registration.brand)
        hasher.combine(registration.fields)
        return hasher.finalize()
    }
}
