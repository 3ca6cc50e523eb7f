/// How a server on loopback sheds connections that would exhaust it: an idle
/// keep-alive connection, a client that trickles a request's head or body
/// (slowloris), and more connections than it serves at once. The sandbox and
/// the preview both serve under these limits.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a connection may stay open with no request in progress
    /// (nothing sent, or nothing since its last answer) before it is closed.
    public var idleTimeout: Duration
    /// How long a request head (request line and headers) may take to
    /// arrive in full once its first byte has; then the connection is
    /// answered 408 `request.headTimeout` and closed.
    public var requestHeadTimeout: Duration
    /// How long a request body may take to arrive in full once its head has;
    /// then the connection is answered 408 `request.bodyTimeout` and closed.
    public var requestBodyTimeout: Duration
    /// The most connections open at once. A connection beyond them waits
    /// (unread) for one to close; after ``admissionWait`` it is answered 503
    /// `server.busy` with `Retry-After: 1` and closed.
    public var maxConnections: Int
    /// How long a connection beyond ``maxConnections`` waits for a free slot.
    /// A client that closes a connection and opens the next at once never
    /// sees 503 for the moment the server takes to notice the close.
    public var admissionWait: Duration

    /// Limits: 30 s idle, 10 s for a request head, 10 s for a body, 256
    /// connections and a 1 s wait for a slot.
    public init(
        idleTimeout: Duration = .seconds(30), requestHeadTimeout: Duration = .seconds(10),
        requestBodyTimeout: Duration = .seconds(10), maxConnections: Int = 256, admissionWait: Duration = .seconds(1)
    ) {
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.requestBodyTimeout = requestBodyTimeout
        self.maxConnections = maxConnections
        self.admissionWait = admissionWait
    }

    /// The largest request line plus headers a server reads, in bytes; a
    /// larger head is answered 431 `request.headTooLarge`.
    public static let headLimit = 80 * 1024
}
