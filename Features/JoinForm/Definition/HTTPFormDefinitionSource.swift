import Foundation
import LiveryCore
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a live runtime's join form definition comes from when it is not
/// the brand's bundled one: a server's registration config, or an app's own
/// source (a cache, a content service).
public protocol FormDefinitionSource: Sendable {
    /// The join form definition for `brand`.
    /// - Throws: ``DefinitionError`` when it cannot be had or does not load.
    func definition(for brand: BrandID) async throws(DefinitionError) -> FormDefinition
}

/// The registration config over HTTP: `GET /v2/registration/config?brand=<id>`
/// answers the definition JSON (the sandbox serves it).
public struct HTTPFormDefinitionSource: FormDefinitionSource {
    private let client: JSONClient

    /// The server's configuration.
    public var configuration: HTTPServiceConfiguration { client.configuration }

    /// The registration config at `configuration`'s server, on `session` (an ephemeral one by default).
    public init(
        _ configuration: HTTPServiceConfiguration, session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        client = JSONClient(configuration, session: session)
    }

    /// The brand's definition from the server.
    /// - Throws: ``DefinitionError/unavailable(source:reason:)`` when the server
    ///   cannot be reached or answers an error; any loading error of the JSON.
    public func definition(for brand: BrandID) async throws(DefinitionError) -> FormDefinition {
        let route = WireRoute.registrationConfig
        let source = "\(configuration.baseURL.absoluteString)\(route.template)?brand=\(brand)"
        let response: JSONClient.Response
        do {
            response = try await client.send(route.method, route.path(), query: ["brand": brand.rawValue])
        } catch {
            throw .unavailable(source: source, reason: error.description)
        }
        guard response.status == 200 else { throw .unavailable(source: source, reason: "HTTP \(response.status)") }
        return try FormDefinition.load(json: response.body)
    }
}

extension FormDefinitionSource where Self == HTTPFormDefinitionSource {
    /// The registration config over HTTP at `configuration`'s server, on `session` (an ephemeral one by default).
    public static func http(
        _ configuration: HTTPServiceConfiguration,
        session: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) -> HTTPFormDefinitionSource {
        HTTPFormDefinitionSource(configuration, session: session)
    }
}
