import Foundation
import LiveryCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server scenarios run against (`--backend`): where it is, how requests
/// reach it, and the token that lets a run make worlds there from another
/// machine.
public struct ScenarioBackend: Sendable {
    /// The server's address and time-outs.
    public var server: HTTPServiceConfiguration
    /// How requests reach it: an ephemeral `URLSession` unless a run trusts a
    /// private certificate authority (`--ca-certificate`).
    public var transport: any HTTPTransport
    /// Sent as `Livery-Seeding-Token` when the run makes, seeds or deletes a
    /// world: what a sandbox started with `--seeding-token` asks of a peer.
    /// `livery run` and `livery explore` read it from `LIVERY_SEEDING_TOKEN`,
    /// never from an argument (arguments show in the process list).
    public var seedingToken: String?

    /// A backend at `server`, reached on `transport`, making worlds with `seedingToken`.
    public init(
        _ server: HTTPServiceConfiguration, transport: any HTTPTransport = URLSession(configuration: .ephemeral),
        seedingToken: String? = nil
    ) {
        self.server = server
        self.transport = transport
        self.seedingToken = seedingToken
    }

    /// A backend at `baseURL` with the default time-outs, on an ephemeral `URLSession`, without a token.
    public init(baseURL: URL) {
        self.init(HTTPServiceConfiguration(baseURL: baseURL))
    }

    /// The environment variable a run reads its seeding token from.
    public static let seedingTokenVariable = "LIVERY_SEEDING_TOKEN"

    /// A client of the server on this backend's transport.
    var client: JSONClient { JSONClient(server, session: transport) }
}
