// Written from Core/Wire/LiveryWire.docc/LiveryWire.md (the sample at line 42) by DocumentationSampleTests: edit the markdown,
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

/// The account API in memory, answering as the contract spells it.
struct WireGuideAccountServer: HTTPTransport {
    let taken: Set<String>

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let status: Int
        let body: Data
        switch WireRoute.matching(method: request.httpMethod ?? "GET", path: url.path) {
        case .checkUsername?:
            let name = query.first { $0.name == "username" }?.value ?? ""
            let breaches = taken.contains(name) ? [RuleBreach(code: "username.taken", message: "Taken.")] : []
            status = 200
            body = try JSONEncoder().encode(
                UsernameAvailability(
                    username: name, available: breaches.isEmpty, reason: breaches.first?.code,
                    violations: breaches.isEmpty ? nil : breaches))
        case .createClient?:
            _ = try JSONDecoder().decode(RegistrationRequest.self, from: request.httpBody ?? Data())    // the brand and fields
            status = 201
            body = try JSONEncoder().encode(ClientCreated(clientId: "client-1"))
        default:
            status = 404
            body = try JSONEncoder().encode(ErrorAnswer(.init(code: .routeUnknown, message: "No such operation.")))
        }
        let response = HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        return (body, response!)
    }
}

func wireGuideCheck() async throws {
    let accounts = HTTPAccountBackend(
        HTTPServiceConfiguration(baseURL: apiURL), session: WireGuideAccountServer(taken: ["taken_name"]))
    print(try await accounts.checkUsername("taken_name", for: NedsBrand.load().manifest.id))   // unavailable([username.taken: Taken.])
}
