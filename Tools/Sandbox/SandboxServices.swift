import AddressLookupFeature
import Foundation
import Hummingbird
import JoinFormFeature
import LiveryCore
import Logging

/// Everything the routes share: the brands, the database, the address
/// index, the fault injector and the password hasher. Immutable; built once.
struct SandboxServices: Sendable {
    let brands: SandboxBrands
    let store: SandboxStore
    let addresses: EmbeddedAddressLookupService
    let faults: FaultInjector
    let hasher: PasswordHasher
    /// The self-exclusion register, read from the database at start-up.
    let register: [SelfExcludedPerson]
    let maxBodyBytes: Int
    let logger: Logger

    /// Applies the fault plan to `route`: waits its added latency, then throws
    /// the injected error answer if this request is one that fails.
    func injectFaults(_ route: SandboxRoute) async throws {
        guard let status = try await faults.apply(to: route) else { return }
        throw APIError(HTTPResponse.Status(code: status), code: "fault.injected",
                       message: "fault injection: \(route) answers \(status)")
    }

    /// The value of the query parameter `name`, or a 400 `request.invalid` naming it.
    static func query(_ name: String, in request: Request) throws(APIError) -> String {
        guard let value = request.uri.queryParameters.get(name), !value.isEmpty else {
            throw .missing("the query parameter '\(name)'")
        }
        return value
    }

    /// The row id in a `client-<n>` client id, or a 404 `client.unknown`.
    static func clientRowID(_ text: String?) throws(APIError) -> Int64 {
        let text = text ?? ""
        guard text.hasPrefix("client-"), let id = Int64(text.dropFirst("client-".count)), id > 0 else {
            throw .unknownClient(text)
        }
        return id
    }
}
