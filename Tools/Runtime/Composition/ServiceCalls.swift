import AddressLookupFeature
import Foundation
import LiveryCore
import LiveryWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How many calls a runtime has made to its account and address services,
/// by kind, counted two ways:
/// - an **operation** is a call the journey makes, whatever its answer (a
///   failure or a time-out included): what a scenario counts to prove that a
///   second tap while loading, or a name that fails its own rules, sends
///   nothing (`calls:`);
/// - an **attempt** is a request sent: the app's client sends a
///   create-client again after a time-out, under the same idempotency key,
///   so one operation may be two attempts (`attempts:`).
///
/// The composition root counts into it when it is part of the services
/// (always on embedded services; on live services only when one is given,
/// and attempts only on ``LiveServices/server(_:driving:worldID:session:)``,
/// which sees each request leave).
public final class ServiceCalls: Sendable {
    /// A kind of call, by the name scenarios use.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// `GET /v2/client/check-username`.
        case checkUsername = "check-username"
        /// `POST /v2/client`.
        case createClient = "create-client"
        /// An address search (find).
        case addressSearch = "address-search"
        /// An address retrieval.
        case addressRetrieve = "address-retrieve"
    }

    /// What a count counts.
    public enum Measure: Hashable, Sendable {
        /// Calls the journey made.
        case operations
        /// Requests sent, repeats after a time-out included.
        case attempts
    }

    private let counts = Locked<[Measure: [Kind: Int]]>([:])

    /// No calls yet.
    public init() {}

    /// How many calls of `kind` the journey made (operations).
    public func count(of kind: Kind) -> Int { count(of: kind, .operations) }

    /// How many calls of `kind` there were, counted by `measure`.
    public func count(of kind: Kind, _ measure: Measure) -> Int {
        counts.withLock { $0[measure]?[kind] ?? 0 }
    }

    func record(_ kind: Kind, _ measures: Set<Measure>) {
        counts.withLock { counts in
            for measure in measures { counts[measure, default: [:]][kind, default: 0] += 1 }
        }
    }
}

/// An account service counting the calls made to the one it wraps, by the measures it is told.
struct CallCountingBackend: AccountBackend {
    let base: any AccountBackend
    let calls: ServiceCalls
    var counting: Set<ServiceCalls.Measure> = [.operations]

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        calls.record(.checkUsername, counting)
        return try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        calls.record(.createClient, counting)
        return try await base.createClient(registration)
    }
}

/// An address service counting the searches and retrievals made to the one it wraps, by the measures it is told.
struct CallCountingAddressLookup: AddressLookupService {
    let base: any AddressLookupService
    let calls: ServiceCalls
    var counting: Set<ServiceCalls.Measure> = [.operations]

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        calls.record(.addressSearch, counting)
        return try await base.suggestions(for: query, in: market, limit: limit)
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        calls.record(.addressRetrieve, counting)
        return try await base.address(id: id, in: market)
    }
}

/// A transport counting each request it sends to one of the contract's
/// account or address operations as an attempt of that kind: what a run
/// against a server reads its `attempts:` from.
struct AttemptCountingTransport: HTTPTransport {
    let base: any HTTPTransport
    let calls: ServiceCalls
    /// The path the server's routes hang under (`/` for a server at its root).
    let basePath: String

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        if let url = request.url, let kind = kind(of: request.httpMethod ?? "GET", url.path) {
            calls.record(kind, [.attempts])
        }
        return try await base.send(request)
    }

    private func kind(of method: String, _ path: String) -> ServiceCalls.Kind? {
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        guard path.hasPrefix(prefix) else { return nil }
        switch WireRoute.matching(method: method, path: String(path.dropFirst(prefix.count))) {
        case WireRoute.checkUsername?: return .checkUsername
        case WireRoute.createClient?: return .createClient
        case WireRoute.findAddress?: return .addressSearch
        case WireRoute.retrieveAddress?: return .addressRetrieve
        default: return nil
        }
    }
}
