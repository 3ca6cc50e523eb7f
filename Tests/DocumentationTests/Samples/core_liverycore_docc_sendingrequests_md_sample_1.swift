// Written from Core/LiveryCore.docc/SendingRequests.md (the sample at line 28) by DocumentationSampleTests: edit the markdown,
// then LIVERY_WRITE_SAMPLES=1 swift test --filter DocumentationSampleTests.
// swift-format-ignore-file
import Foundation
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import BrandDeclarations
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

#if canImport(FoundationNetworking)
    import FoundationNetworking    // URLSession, URLRequest and URLResponse, on Linux
#endif

/// Sends on the app's own session, with a header of the app's and a log line for every answer.
struct TransportGuideTracingTransport: HTTPTransport {
    let session: URLSession
    let appVersion: String

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        var request = request
        request.setValue(appVersion, forHTTPHeaderField: "X-App-Version")
        let (body, response) = try await session.data(for: request)    // stops when its task is cancelled
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        print("\(request.httpMethod ?? "GET") \(request.url?.path ?? "") → \(status)")
        return (body, response)
    }
}

@MainActor func transportGuideAssemble() async throws {
    let transport = TransportGuideTracingTransport(session: appSession, appVersion: "4.2.0")
    let live = LiveServices(
        accounts: HTTPServiceConfiguration(baseURL: apiURL),
        addresses: HarmonyConfiguration(baseURL: harmonyURL, headers: ["x-api-key": apiKey]),
        session: transport)    // the account API, the form definition and the address API, all on it
    let assembled = try await Composition([NedsBrand.load()]).assemble("neds", on: .live(live))
    print(assembled.origin)
}
