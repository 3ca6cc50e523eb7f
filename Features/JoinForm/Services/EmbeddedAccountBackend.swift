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

    private let definition: FormDefinition
    /// The form built once from the definition (patterns compiled once); each request checks a copy.
    private let blankForm: Form
    private let fieldNames: AccountFieldNames
    private let region: Region
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
        self.definition = definition
        self.blankForm = definition.makeForm(in: environment)
        self.fieldNames = fieldNames
        self.region = environment.region
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
        var rejected = violations(in: registration.fields)
        let username = registration.fields[fieldNames.username.rawValue] ?? ""
        if rejected.isEmpty, takenUsernames.contains(username.lowercased()) {
            rejected[fieldNames.username] = [RuleViolation(code: "username.taken", template: "That username is taken.")]
        }
        guard rejected.isEmpty else { throw .rejected(rejected) }
        if let register = selfExclusionRegister, isListed(registration.fields, in: register) { throw .selfExcluded }

        let client = CreatedClient(clientID: "client-\(clients.count + 1)")
        let secretFields = Set(definition.fields.filter { $0.inputType == .password }.map(\.name.rawValue))
        clients.append(StoredClient(id: client.clientID, brand: registration.brand,
                                    fields: registration.fields.filter { !secretFields.contains($0.key) }))
        takenUsernames.insert(username.lowercased())
        byIdempotencyKey[registration.idempotencyKey] = client
        return client
    }

    private func violations(in submitted: [String: String]) -> [FieldName: [RuleViolation]] {
        var form = blankForm
        var rejected: [FieldName: [RuleViolation]] = [:]
        for field in definition.fields where field.inputType.isComposite {
            rejected.merge(CompositePayload.violations(of: field, in: submitted, region: region)) { first, _ in first }
        }
        for (key, text) in submitted {
            let name = FieldName(key)
            if let parent = key.split(separator: ".").first, definition.field(FieldName(String(parent)))?.inputType.isComposite == true {
                continue
            }
            guard let field = definition.field(name) else {
                rejected[name] = [RuleViolation(code: "field.unknown", template: "This field is not part of the form.")]
                continue
            }
            if field.inputType.holdsTick {
                guard let tick = Bool(text) else {
                    rejected[name] = [RuleViolation(code: "field.notTick", template: "Expected true or false.")]
                    continue
                }
                form.setValue(tick, for: FieldKey<Bool>(name))
            } else {
                form.setValue(text, for: FieldKey<String>(name))
            }
        }
        form.validateAll()
        for name in form.names where rejected[name] == nil {
            let found = form.status(of: name)?.violations ?? []
            if !found.isEmpty { rejected[name] = found }
        }
        return rejected
    }

    private func isListed(_ fields: [String: String], in register: [SelfExcludedPerson]) -> Bool {
        guard let birthDay = DateOfBirthText.day(from: fields[fieldNames.dateOfBirth.rawValue] ?? "") else { return false }
        let first = fields[fieldNames.firstName.rawValue] ?? "", last = fields[fieldNames.lastName.rawValue] ?? ""
        return register.contains { $0.matches(firstName: first, lastName: last, dateOfBirth: birthDay) }
    }
}
