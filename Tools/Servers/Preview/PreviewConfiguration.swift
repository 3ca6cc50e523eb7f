import Foundation
import LiveryCore
import ServerConnections

/// Where the preview listens and what it shows.
public struct PreviewConfiguration: Sendable {
    /// The address to bind: loopback by default, so the preview is never reachable from other machines.
    public var host: String
    /// The port; `0` picks any free port.
    public var port: Int
    /// The brands with a page, by id; empty means every registered brand.
    public var brands: [String]
    /// A server (the sandbox) to run the journeys against, or `nil` for embedded services.
    public var backend: HTTPServiceConfiguration?
    /// The folder holding one scenario folder per brand, where recordings are saved.
    public var scenarioFolder: URL
    /// When idle, slow or surplus connections are closed (the sandbox's limits).
    public var connections: ConnectionLimits
    /// Origins besides the preview's own whose pages may use it, e.g.
    /// `http://studio.example:3000` (see `OriginPolicy`).
    public var allowedOrigins: [String]
    /// The folder of brand folders whose `<Name>/Plugin/brand.json` the brand
    /// studio edits and saves (a checkout's `Brands`); `nil` turns the studio off.
    public var brandFiles: URL?
    /// Still pictures to serve at `/still/<brand>`: a brand's page drawn once
    /// from a screen made in advance, with no session (for screenshots).
    var stills: [String: String] = [:]

    /// A configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8090, brands: [String] = [], backend: HTTPServiceConfiguration? = nil,
        scenarioFolder: URL, connections: ConnectionLimits = ConnectionLimits(), allowedOrigins: [String] = [],
        brandFiles: URL? = nil
    ) {
        self.brandFiles = brandFiles
        self.host = host
        self.port = port
        self.brands = brands
        self.backend = backend
        self.scenarioFolder = scenarioFolder
        self.connections = connections
        self.allowedOrigins = allowedOrigins
    }
}

/// Why the preview cannot start, naming what is wrong.
public struct PreviewSetupError: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}
