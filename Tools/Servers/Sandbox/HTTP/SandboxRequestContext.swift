import Hummingbird

/// The sandbox's request context: Hummingbird's basics, and whether the
/// request came from this machine (seeding answers nobody else), and its world.
struct SandboxRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// Whether the peer is a loopback address (127.0.0.0/8 or ::1).
    let isFromLoopback: Bool
    /// The world the request names, once ``WorldMiddleware`` has found it (`nil`: the default world).
    var world: SandboxWorld?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let address = source.channel.remoteAddress?.ipAddress ?? ""
        isFromLoopback = address.hasPrefix("127.") || address == "::1" || address == "::ffff:127.0.0.1"
    }
}
