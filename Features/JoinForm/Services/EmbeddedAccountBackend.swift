import LiveryCore

/// An in-process account service, so a journey runs with no server: a small
/// registry of taken usernames, self-excluded people and created clients.
///
/// Creating a client, in order:
/// 1. a request whose idempotency key was seen before gets the client it created;
/// 2. the payload is validated again with the rules built from the same form
///    definition the client used (one source of truth), composite fields
///    (`parent`, `parent.child`) with the same child forms; fields the form
///    does not have, text where a tick is expected, and broken rules are
///    answered as ``BackendError/rejected(_:)`` with rule codes per field;
/// 3. a username already taken (ignoring case) is rejected on its field with `username.taken`;
/// 4. when a register is configured (Australian brands), a listed person
///    gets ``BackendError/selfExcluded`` and no account;
/// 5. otherwise the client is stored — without any `Password` field — and its username reserved.
public actor EmbeddedAccountBackend: AccountBackend {
    /// A created client as the service keeps it.
    public struct StoredClient: Hashable, Sendable {
        /// The client's id.
        public let id: String
        /// The brand joined.
        public let brand: BrandID
        /// The submitted values, without passwords.
        public let fields: [String: String]
    }

    private let validator: RegistrationValidator
    private let selfExclusionRegister: [SelfExcludedPerson]?
    private var takenUsernames: Set<String>
    private var byIdempotencyKey: [String: CreatedClient] = [:]

    /// The clients created so far, oldest first.
    public private(set) var clients: [StoredClient] = []

    /// A service validating against `definition` in `environment`.
    /// - Parameters:
    ///   - takenUsernames: Usernames already registered.
    ///   - selfExclusionRegister: The register to check at creation, or `nil`
    ///     where the region has none to check.
    public init(definition: FormDefinition, environment: RuleEnvironment, fieldNames: AccountFieldNames = .standard,
                takenUsernames: Set<String> = [], selfExclusionRegister: [SelfExcludedPerson]? = nil) {
        self.validator = RegistrationValidator(definition: definition, environment: environment, fieldNames: fieldNames)
        self.takenUsernames = Set(takenUsernames.map { $0.lowercased() })
        self.selfExclusionRegister = selfExclusionRegister
    }

    /// Whether nobody has `username` yet (ignoring case).
    public func isUsernameAvailable(_ username: String) throws(BackendError) -> Bool {
        !takenUsernames.contains(username.lowercased())
    }

    /// Creates a client; see the type's documentation for the checks, in order.
    public func createClient(_ registration: ClientRegistration) throws(BackendError) -> CreatedClient {
        if let earlier = byIdempotencyKey[registration.idempotencyKey] { return earlier }
        var rejected = validator.violations(in: registration.fields)
        let username = validator.username(in: registration.fields)
        if rejected.isEmpty, takenUsernames.contains(username.lowercased()) {
            rejected[validator.fieldNames.username] = [RegistrationValidator.usernameTaken]
        }
        guard rejected.isEmpty else { throw .rejected(rejected) }
        if let register = selfExclusionRegister, validator.isListed(registration.fields, in: register) { throw .selfExcluded }

        let client = CreatedClient(clientID: "client-\(clients.count + 1)")
        let secretFields = validator.secretFields
        clients.append(StoredClient(id: client.clientID, brand: registration.brand,
                                    fields: registration.fields.filter { !secretFields.contains($0.key) }))
        takenUsernames.insert(username.lowercased())
        byIdempotencyKey[registration.idempotencyKey] = client
        return client
    }
}
