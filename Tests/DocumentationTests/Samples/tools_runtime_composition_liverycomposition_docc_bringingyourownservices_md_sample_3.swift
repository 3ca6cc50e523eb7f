// Written from Tools/Runtime/Composition/LiveryComposition.docc/BringingYourOwnServices.md (the sample at line 94) by DocumentationSampleTests: edit the markdown,
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

actor OwnServicesGuideTokens: RequestHeaderProvider {
    private var token: String
    private let refresh: @Sendable () async -> String?    // the app's own sign-in service

    init(token: String, refresh: @escaping @Sendable () async -> String?) {
        self.token = token
        self.refresh = refresh
    }

    func headers(for request: URLRequest) async throws(HTTPFailure) -> [String: String] {
        ["Authorization": "Bearer \(token)"]
    }

    func refused(_ headers: [String: String]) async -> Bool {
        guard headers["Authorization"] == "Bearer \(token)" else { return true }    // refreshed by another call
        guard let fresh = await refresh() else { return false }                      // the 401 stands
        token = fresh
        return true
    }
}
