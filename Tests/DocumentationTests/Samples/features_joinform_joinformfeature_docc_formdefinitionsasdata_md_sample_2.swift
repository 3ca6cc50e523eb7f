// Written from Features/JoinForm/JoinFormFeature.docc/FormDefinitionsAsData.md (the sample at line 107) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import LiveryWire
import NedsBrand
import TabNZBrand
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request with one body: a test's stand-in for the account server.
struct DefinitionGuideCannedServer: HTTPTransport {
    let status: Int
    let body: String

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        return (Data(body.utf8), response)
    }
}

func definitionGuideFetch() async throws {
    let answer = """
        { "fields": [
            { "name": "email", "inputType": "Email",
              "validate": { "mandatory": true, "maxLength": 254, "custom": [ { "rule": "email" } ] } },
            { "name": "username", "inputType": "Text", "capitalisation": "none",
              "validate": { "mandatory": true, "minLength": 6, "maxLength": 20,
                            "custom": [ { "rule": "usernameAvailable" } ] } },
            { "name": "password", "inputType": "Password",
              "validate": { "mandatory": true, "custom": [ { "rule": "passwordStrength" } ] } },
            { "name": "marketingConsent", "inputType": "Checkbox", "defaultValue": false } ],
          "pages": [ { "name": "account", "rows": [ ["email"], ["username"], ["password"], ["marketingConsent"] ] } ] }
        """
    let source = HTTPFormDefinitionSource(
        HTTPServiceConfiguration(baseURL: apiURL), session: DefinitionGuideCannedServer(status: 200, body: answer))
    let definition = try await source.definition(for: NedsBrand.load().manifest.id)  // GET …/v2/registration/config?brand=neds
    print(definition.fields.map(\.name))    // [email, username, password, marketingConsent]
}
