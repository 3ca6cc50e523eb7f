import LiveryCore

extension FormDefinition {
    /// The brand's form definition from the server:
    /// `GET /v2/registration/config?brand=<id>` answers the definition JSON.
    /// - Throws: ``DefinitionError/unavailable(source:reason:)`` when the server
    ///   cannot be reached or answers an error; any loading error of the JSON.
    public static func load(from configuration: HTTPServiceConfiguration, brand: BrandID) async throws(DefinitionError) -> FormDefinition {
        let source = "\(configuration.baseURL.absoluteString)/v2/registration/config?brand=\(brand)"
        let response: HTTPClient.Response
        do {
            response = try await HTTPClient(configuration).send("GET", "v2/registration/config", query: ["brand": brand.rawValue])
        } catch {
            throw .unavailable(source: source, reason: error.description)
        }
        guard response.status == 200 else { throw .unavailable(source: source, reason: "HTTP \(response.status)") }
        return try load(json: response.body)
    }
}
