import LiveryCore

/// An account service for tests that must not reach one: every call fails.
public struct UnusedBackend: AccountBackend {
    /// The stand-in.
    public init() {}

    /// Fails: the test did not expect a username check.
    public func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        throw .unavailable(reason: "not used in this test")
    }

    /// Fails: the test did not expect a client to be created.
    public func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        throw .unavailable(reason: "not used in this test")
    }
}

/// An address service for tests that must not reach one: every call fails.
public struct UnusedAddressLookup: AddressLookupService {
    /// The stand-in.
    public init() {}

    /// Fails: the test did not expect a search.
    public func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        throw .unavailable(reason: "not used in this test")
    }

    /// Fails: the test did not expect a retrieval.
    public func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        throw .notFound(id: id)
    }
}
