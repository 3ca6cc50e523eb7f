import Foundation
import LiveryCore
import LiveryWire

/// Where and how ``HarmonyAddressLookupService`` reaches a Harmony-style address API.
public struct HarmonyConfiguration: Sendable {
    /// The API's base URL, e.g. `https://address.example.com/v1`.
    public var baseURL: URL
    /// The find (suggestions) path, relative to ``baseURL``.
    public var findPath: String
    /// The retrieve (full address) path, relative to ``baseURL``.
    public var retrievePath: String
    /// How long a request may take before it fails with `LiveryCore/AddressLookupError/timedOut`.
    public var timeout: Duration
    /// Extra request headers, e.g. credentials supplied by the host app.
    public var headers: [String: String]
    /// Headers worked out for each request (a token that refreshes), added
    /// after ``headers``: see `LiveryCore/RequestHeaderProvider`.
    public var headerProvider: (any RequestHeaderProvider)?
    /// The server world a run drives, if any (the sandbox in a scenario run): see `LiveryCore/DrivenWorld`.
    public var world: DrivenWorld?

    /// A configuration; paths default to `address/find` and `address/retrieve`, the timeout to 10 s.
    public init(
        baseURL: URL, findPath: String = WireRoute.findAddress.path(),
        retrievePath: String = WireRoute.retrieveAddress.path(),
        timeout: Duration = .seconds(10), headers: [String: String] = [:],
        headerProvider: (any RequestHeaderProvider)? = nil, world: DrivenWorld? = nil
    ) {
        self.baseURL = baseURL
        self.findPath = findPath
        self.retrievePath = retrievePath
        self.timeout = timeout
        self.headers = headers
        self.headerProvider = headerProvider
        self.world = world
    }

    /// The timeout in seconds, as `URLRequest` takes it.
    var timeoutInterval: TimeInterval {
        let parts = timeout.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
