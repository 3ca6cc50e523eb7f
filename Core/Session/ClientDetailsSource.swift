/// Where the signed-in client's details come from (the app's client-details
/// query at start-up): sign-in state, balance, pending bets count, social profile
/// and promotions balance.
///
/// Every reader starts from the same latest session, so a screen created
/// later draws the newest data at once; updates then flow in as a stream.
public protocol ClientDetailsSource: Sendable {
    /// The latest known session, read synchronously.
    var latest: ClientSession { get }

    /// The latest session, then every change; a slow reader skips to the newest.
    func sessions() -> AsyncStream<ClientSession>
}

/// Client details held in memory, for embedded runs, scenarios and tests:
/// whoever drives the session (a log-in journey, a scenario step, a test)
/// signs in, updates and signs out here, and every app bar follows.
public final class EmbeddedClientDetails: ClientDetailsSource {
    private let store: LatestValueStore<ClientSession>

    /// A source starting from `session` (signed out unless told).
    public init(_ session: ClientSession = .signedOut) {
        store = LatestValueStore(session)
    }

    /// The latest known session.
    public var latest: ClientSession { store.value }

    /// The latest session, then every change.
    public func sessions() -> AsyncStream<ClientSession> { store.values() }

    /// Signs a client in with `details`.
    public func signIn(_ details: ClientDetails) {
        store.set(.signedIn(details))
    }

    /// Signs the client out.
    public func signOut() {
        store.set(.signedOut)
    }

    /// Changes the signed-in client's details; does nothing when signed out.
    public func update(_ change: (inout ClientDetails) -> Void) {
        store.update { session in
            guard case .signedIn(var details) = session else { return }
            change(&details)
            session = .signedIn(details)
        }
    }
}
