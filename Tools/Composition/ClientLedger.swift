import LiveryCore

/// An account service that keeps a ledger of the clients the service it
/// wraps created — their ids and fields, never a password — so scenarios
/// and tests can check what was stored, whether the service is the
/// embedded one or a server.
public actor ClientLedger: AccountBackend {
    /// A created client as the ledger keeps it.
    public struct Entry: Hashable, Sendable {
        /// The client's id.
        public let id: String
        /// The fields sent, without secret ones.
        public let fields: [String: String]
    }

    private let base: any AccountBackend
    private let secretFields: Set<String>

    /// The clients created so far, oldest first (a retried request is one entry).
    public private(set) var clients: [Entry] = []

    /// A ledger over `base`; `secretFields` (the form's passwords) are never kept.
    public init(_ base: any AccountBackend, secretFields: Set<String>) {
        self.base = base
        self.secretFields = secretFields
    }

    /// Asks the wrapped service.
    public func isUsernameAvailable(_ username: String) async throws(BackendError) -> Bool {
        try await base.isUsernameAvailable(username)
    }

    /// Creates the client with the wrapped service and records it.
    public func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        let client = try await base.createClient(registration)
        if !clients.contains(where: { $0.id == client.clientID }) {
            clients.append(Entry(id: client.clientID, fields: registration.fields.filter { !secretFields.contains($0.key) }))
        }
        return client
    }
}
