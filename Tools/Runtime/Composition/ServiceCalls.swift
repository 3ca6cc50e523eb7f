import AddressLookupFeature
import Foundation
import LiveryCore

/// How many calls a runtime has made to its account and address services,
/// by kind: what a scenario counts to prove that a second tap while loading,
/// or a name that fails its own rules, sends no request. A call counts when
/// the journey makes it, whatever its answer (a failure or a time-out
/// included); a create-client the app's client sends again after a time-out
/// is still one call.
///
/// The composition root counts into it when it is part of the services
/// (always on embedded services; on live services only when one is given).
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

    private let counts = Locked<[Kind: Int]>([:])

    /// No calls yet.
    public init() {}

    /// How many calls of `kind` were sent.
    public func count(of kind: Kind) -> Int { counts.withLock { $0[kind] ?? 0 } }

    func record(_ kind: Kind) { counts.withLock { $0[kind, default: 0] += 1 } }
}

/// An account service counting the calls made to the one it wraps.
struct CallCountingBackend: AccountBackend {
    let base: any AccountBackend
    let calls: ServiceCalls

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        calls.record(.checkUsername)
        return try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        calls.record(.createClient)
        return try await base.createClient(registration)
    }
}

/// An address service counting the searches and retrievals made to the one it wraps.
struct CallCountingAddressLookup: AddressLookupService {
    let base: any AddressLookupService
    let calls: ServiceCalls

    func suggestions(for query: String, in region: Region, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        calls.record(.addressSearch)
        return try await base.suggestions(for: query, in: region, limit: limit)
    }

    func address(id: String, in region: Region) async throws(AddressLookupError) -> PostalAddress {
        calls.record(.addressRetrieve)
        return try await base.address(id: id, in: region)
    }
}
