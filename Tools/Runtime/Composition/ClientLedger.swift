import LiveryCore

/// A record of the clients an account service created — their ids and
/// fields, never a password — so tests can check what was stored.
///
/// On embedded services it is recorded inside the faults, as the service
/// stores each client: it is what the service holds, even when the answer
/// is then lost to a time-out. On live services an app may give one; it then
/// records the clients the server answered as created. A server's own
/// record is the server's to tell (the sandbox's `GET /sandbox/clients`).
public final class ClientLedger: Sendable {
    /// A created client as the ledger keeps it.
    public struct Entry: Hashable, Sendable {
        /// The client's id.
        public let id: String
        /// The fields sent, without secret ones.
        public let fields: [String: String]
    }

    private let entries = Locked<[Entry]>([])

    /// The clients created so far, oldest first (a retried request is one entry).
    public var clients: [Entry] { entries.withLock { $0 } }

    /// An empty ledger.
    public init() {}

    func record(_ client: CreatedClient, fields: [String: String]) {
        entries.withLock { entries in
            guard !entries.contains(where: { $0.id == client.clientID }) else { return }
            entries.append(Entry(id: client.clientID, fields: fields))
        }
    }
}

/// An account service that records the clients the service it wraps creates
/// in a ``ClientLedger``, leaving out `secretFields` (the form's passwords).
struct LedgerRecordingBackend: AccountBackend {
    let base: any AccountBackend
    let ledger: ClientLedger
    let secretFields: Set<String>

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        let client = try await base.createClient(registration)
        ledger.record(client, fields: registration.fields.filter { !secretFields.contains($0.key) })
        return client
    }
}
