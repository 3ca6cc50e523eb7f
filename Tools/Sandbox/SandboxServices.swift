import AddressLookupFeature
import Foundation
import Hummingbird
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Logging

/// Everything the routes share: the brands, the database, the address
/// index, the fault injector, the password hasher and the threads it runs
/// on. Immutable; built once.
struct SandboxServices: Sendable {
    let brands: SandboxBrands
    let store: SandboxStore
    let addresses: EmbeddedAddressLookupService
    let faults: FaultInjector
    let hasher: PasswordHasher
    /// Where hashing runs, off the request-handling threads (`nil`: on them,
    /// which only the load benchmark asks for, as its baseline).
    let cpu: CPUWorkPool?
    /// The day taken as today and the self-exclusion register, as seeds leave them.
    let world: SandboxWorld
    let maxBodyBytes: Int
    let logger: Logger

    /// Applies the fault plan to `route`: waits its added latency, then throws
    /// the injected error answer if this request is one that fails (a
    /// time-out is answered 504 at once: the sandbox is the gateway that gave up).
    func injectFaults(_ route: ServiceRoute) async throws {
        switch try await faults.apply(to: route) {
        case nil:
            return
        case .status(let status)?:
            throw APIError(HTTPResponse.Status(code: status), code: "fault.injected",
                           message: "fault injection: \(route) answers \(status)")
        case .timeout?:
            throw APIError(.gatewayTimeout, code: "fault.timeout", message: "fault injection: \(route) timed out")
        }
    }

    /// The stored form of `password`, hashed on the CPU pool.
    func hashPassword(_ password: String) async throws -> String {
        guard let cpu else { return try hasher.hash(password) }
        return try await cpu.run { [hasher] in try hasher.hash(password) }
    }

    /// Whether `password` made `stored`, checked on the CPU pool.
    func verifyPassword(_ password: String, against stored: String) async throws -> Bool {
        guard let cpu else { return hasher.verify(password, against: stored) }
        return try await cpu.run { [hasher] in hasher.verify(password, against: stored) }
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
