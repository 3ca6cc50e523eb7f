import AddressLookupFeature
import BrandDeclarations
import Foundation
import Hummingbird
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire
import Logging
import OpenAPIGeneration

/// Everything the routes share: the brands, the database, the address
/// index, the worlds, the password hasher and the threads it runs on.
/// Immutable; built once.
struct SandboxServices: Sendable {
    let brands: SandboxBrands
    let store: any SandboxStorage
    /// The markets the address API answers for: the shipped packs and the brands'.
    let markets: MarketCatalogue
    let addresses: EmbeddedAddressLookupService
    /// The worlds: the default one and those runs created, each with its day, register and faults, kept in `store`.
    let worlds: SandboxWorlds
    /// Whether requests may name a world (the sandbox allows seeding).
    let allowsWorlds: Bool
    /// Who may make, seed and delete worlds.
    let seeding: SeedingGate
    let hasher: PasswordHasher
    /// Where hashing runs, off the request-handling threads (`nil`: on them,
    /// which only the load benchmark asks for, as its baseline).
    let cpu: CPUWorkPool?
    let maxBodyBytes: Int
    let logger: Logger

    /// Measures what the sandbox does, for `GET /metrics`.
    let metrics: SandboxMetrics
    /// The contract's document for the brands and markets served (`GET /openapi.json`), made when first asked for.
    let contract: ContractText

    /// The address with id `id` and its market.
    /// - Throws: ``AddressLookupError/notFound(id:)`` for an id no address of a known market has.
    func address(id: String) throws(AddressLookupError) -> (address: PostalAddress, market: Market) {
        guard let address = addresses.stored(id: id), let market = markets.market(code: address.marketCode) else {
            throw .notFound(id: id)
        }
        return (address, market)
    }

    /// The world of the request `context` belongs to (as ``WorldMiddleware`` found it).
    func world(of context: SandboxRequestContext) -> SandboxWorld {
        context.world ?? worlds.unseededStandard
    }

    /// Deletes the worlds idle for longer than the limit, rows and all.
    func sweepWorlds() async {
        do {
            let expired = try await worlds.sweep()
            if !expired.isEmpty { logger.info("idle worlds expired", metadata: ["count": "\(expired.count)"]) }
        } catch {
            logger.error("idle worlds could not be expired", metadata: ["reason": "\(error)"])
        }
    }

    /// Applies the request's world's faults to `route`. Its added latency is
    /// waited in real time — or, when a run drives the world's time, told to
    /// the run as the delay after which the answer counts as arrived (never,
    /// for a time-out). Then the injected error answer is thrown if this
    /// request is one that fails (a time-out is answered 504 at once: the
    /// sandbox is the gateway that gave up).
    func injectFaults(_ route: ServiceRoute) async throws {
        let scope = RequestScope.current
        let world = scope?.world ?? worlds.unseededStandard
        let (latency, failure) = try await worlds.draw(route, in: world)
        if let scope, scope.drivesTime {
            scope.answer(after: failure == .timeout ? nil : latency ?? .zero)
        } else if let latency {
            try await Task.sleep(for: latency)
        }
        switch failure {
        case nil:
            return
        case .status(let status)?:
            throw APIError(
                HTTPResponse.Status(code: status), code: .faultInjected,
                message: "fault injection: \(route) answers \(status)")
        case .timeout?:
            throw APIError(.gatewayTimeout, code: .faultTimeout, message: "fault injection: \(route) timed out")
        }
    }

    /// The stored form of `password`, hashed on the CPU pool.
    func hashPassword(_ password: String) async throws -> String {
        guard let cpu else { return try hasher.hash(password) }
        metrics.hashingQueue.increment()
        defer { metrics.hashingQueue.decrement() }
        return try await cpu.run { [hasher] in try hasher.hash(password) }
    }

    /// Whether `password` made `stored`, checked on the CPU pool.
    func verifyPassword(_ password: String, against stored: String) async throws -> Bool {
        guard let cpu else { return hasher.verify(password, against: stored) }
        metrics.hashingQueue.increment()
        defer { metrics.hashingQueue.decrement() }
        return try await cpu.run { [hasher] in hasher.verify(password, against: stored) }
    }

    /// The value of the query parameter `name`, or a 400 `request.invalid`
    /// naming it when it is missing, empty or longer than the contract allows.
    static func query(_ name: String, in request: Request) throws(APIError) -> String {
        guard let value = request.uri.queryParameters.get(name), !value.isEmpty else {
            throw .missing("the query parameter '\(name)'")
        }
        guard value.unicodeScalars.count <= WireLimits.text else {
            throw APIError(
                .badRequest, code: .requestInvalid,
                message: "the query parameter '\(name)' is longer than \(WireLimits.text) characters")
        }
        return value
    }

    /// The row id in a `client-<n>` client id (`n` written without leading
    /// zeros, as registration answers it), or a 404 `client.unknown`.
    static func clientRowID(_ text: String?) throws(APIError) -> Int64 {
        let text = text ?? ""
        let digits = text.dropFirst("client-".count)
        guard text.hasPrefix("client-"), let id = Int64(digits), id > 0, String(id) == digits else {
            throw .unknownClient(text)
        }
        return id
    }
}

/// The text of the contract's document, made from its scope the first time it is asked for (a sandbox
/// that is never asked for it never makes it) and kept.
final class ContractText: Sendable {
    private let scope: ContractScope
    private let made = Locked<String?>(nil)

    init(_ scope: ContractScope) { self.scope = scope }

    /// The document.
    /// - Throws: when a wire type's shape cannot be read.
    func text() throws -> String {
        if let text = made.withLock({ $0 }) { return text }
        let text = try OpenAPIDocument.make(for: scope).text
        made.withLock { $0 = text }
        return text
    }
}
