import Foundation

extension RuntimeServices {
    /// Canned services for SwiftUI previews, samples and snapshot tests: nothing leaves the
    /// process and nothing waits. Usernames are always free, a client is
    /// always created (`canned-client`), the address service knows no
    /// address, no analytics destination is attached, every flag is unset,
    /// and the clock is virtual, standing on `today` (1 January 2026 unless told).
    public static func canned(
        session: ClientSession = .signedOut, betslipCount: Int = 0,
        today: CalendarDay = CalendarDay(year: 2026, month: 1, day: 1)!
    ) -> RuntimeServices {
        let clock = VirtualClock()
        return RuntimeServices(
            clock: EngineClock(clock), wallClock: .fixed(today), backend: CannedAccountBackend(),
            addressLookup: CannedAddressLookup(), analytics: AnalyticsPipeline(),
            featureFlags: FeatureFlagStore(), clientDetails: EmbeddedClientDetails(session),
            betslipCount: EmbeddedBetslipCount(betslipCount))
    }
}

/// An account service that says yes to everything, for canned services.
struct CannedAccountBackend: AccountBackend {
    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        .available
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        CreatedClient(clientID: "canned-client")
    }
}

/// An address service that knows no address, for canned services.
struct CannedAddressLookup: AddressLookupService {
    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        []
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        throw .notFound(id: id)
    }
}
