import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryCore

/// The in-process world a headless runtime runs in, and the handles that
/// drive it: a virtual clock, settable flags, the signed-in session, the
/// betslip, recorded analytics, a ledger of created clients, the calls made
/// to its services, the address service and the faults its services meet. It also
/// says what the embedded account service starts with: taken usernames,
/// existing accounts and the self-exclusion register.
///
/// Whoever makes the world keeps it, to drive what the runtime sees: advance
/// the clock, sign a client in, set a flag, read the analytics.
///
/// ```swift
/// let world = EmbeddedWorld(today: CalendarDay(year: 2026, month: 6, day: 1)!)
/// let assembled = try await composition.assemble("neds", on: .embedded(world))
/// world.session.signIn(ClientDetails(balance: 25))
/// ```
public struct EmbeddedWorld: Sendable {
    /// The clock every engine waits on; advance it to let debounces and delays pass.
    public let clock: VirtualClock
    /// The flags; the brand's defaults apply to every flag the world does not set.
    public let flags: FeatureFlagStore
    /// The client session the app bar reads.
    public let session: EmbeddedClientDetails
    /// The betslip count the app bar reads.
    public let betslip: EmbeddedBetslipCount
    /// Every analytics event, as the brand's sinks would receive it.
    public let analytics: RecordingDestination
    /// The clients the embedded account service stored (never a password):
    /// what the service holds, recorded as it stores them, even when the
    /// answer then comes too late for the app.
    public let ledger: ClientLedger
    /// The calls the runtime made to its account and address services.
    public let calls = ServiceCalls()
    /// The address service searches and retrievals go to (the bundled
    /// offline index unless given); ``calls`` counts them.
    public let addresses: any AddressLookupService
    /// The faults the account and address services meet (`check-username`,
    /// `create-client`, `address`); replace its plan at any time.
    public let faults: FaultSwitch
    /// How long the app's client waits for an answer: a call slower than this
    /// (or a `timeout` fault) ends as "no answer in time" when the virtual
    /// clock reaches it. Ten seconds, as the HTTP clients' default.
    public var clientTimeout: Duration = .seconds(10)
    /// How many more times the app's client sends create-client after a
    /// time-out (with the same idempotency key), inside a budget of
    /// `clientTimeout × (1 + clientRetries)`: once, as the HTTP clients' default.
    public var clientRetries = 1
    /// The calendar "today" is read in: UTC unless told.
    public let calendar: Calendar
    /// Usernames already registered.
    public var takenUsernames: Set<String>
    /// People who already have an account (their registrations are refused as existing).
    public var existingAccounts: [ExistingAccount]
    /// The people on the national self-exclusion register (checked where the brand checks it).
    public var selfExclusionRegister: [SelfExcludedPerson]

    /// A world on `today` in `timeZone` (1 January 2026 in UTC unless told;
    /// the clock starts at that day's midnight, and minimum ages are counted
    /// from that day), signed out with an empty betslip unless told, with the
    /// given flags set, taken usernames, existing accounts, register and
    /// faults, and `addresses` (the bundled offline index when `nil`).
    public init(
        today: CalendarDay = EmbeddedWorld.defaultToday, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        session: ClientSession = .signedOut, betslipCount: Int = 0, flags: [FeatureFlag: Bool] = [:],
        takenUsernames: Set<String> = EmbeddedWorld.sampleTakenUsernames, existingAccounts: [ExistingAccount] = [],
        selfExclusionRegister: [SelfExcludedPerson] = EmbeddedWorld.sampleRegister,
        faults: FaultPlan = FaultPlan(), addresses: (any AddressLookupService)? = nil
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        let midnight = calendar.date(from: DateComponents(year: today.year, month: today.month, day: today.day))
        clock = VirtualClock(startDate: midnight ?? Date(timeIntervalSince1970: 0))
        self.flags = FeatureFlagStore(flags)
        self.session = EmbeddedClientDetails(session)
        betslip = EmbeddedBetslipCount(betslipCount)
        analytics = RecordingDestination(name: "embedded")
        ledger = ClientLedger()
        self.addresses = addresses ?? BundledAddresses()
        self.faults = FaultSwitch(faults)
        self.takenUsernames = takenUsernames
        self.existingAccounts = existingAccounts
        self.selfExclusionRegister = selfExclusionRegister
    }

    /// The wall clock of the world: its virtual clock's date, read in its calendar.
    public var wallClock: WallClock { clock.wallClock(calendar: calendar) }

    /// How a call of the world's services meets its faults.
    var faultedCall: FaultedCall {
        FaultedCall(
            faults: faults, clock: EngineClock(clock),
            retry: RetryBudget(timeout: clientTimeout, retries: clientRetries))
    }

    /// 1 January 2026.
    public static let defaultToday = CalendarDay(year: 2026, month: 1, day: 1)!

    /// `punter` and `taken_name`.
    public static let sampleTakenUsernames: Set<String> = ["punter", "taken_name"]

    /// Sam Excluded, born 1 January 1990.
    public static let sampleRegister = [
        SelfExcludedPerson(
            firstName: "Sam", lastName: "Excluded",
            dateOfBirth: CalendarDay(year: 1990, month: 1, day: 1)!)
    ]
}

/// The bundled address index, read and indexed once per process (an
/// immutable value) on the first search or retrieval, so that assembling a
/// runtime — and a run that never looks an address up — does not pay for it.
/// The first search reads it off the caller's executor (it takes milliseconds;
/// the caller is usually the main actor); later ones, each an in-memory search,
/// also run on the global executor, as this library's async functions do.
/// A market whose pack ships its own addresses is searched in those (indexed
/// once per process too).
struct BundledAddresses: AddressLookupService {
    private static let service = Result { () throws(AddressLookupError) -> EmbeddedAddressLookupService in
        try .bundled()
    }
    private static let isLoaded = Locked(false)

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        try await Self.service(for: market).suggestions(for: query, in: market, limit: limit)
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        try await Self.service(for: market).address(id: id, in: market)
    }

    private static let packAddresses = MadeOnce<Market, EmbeddedAddressLookupService>(limit: 16)

    private static func service(for market: Market) async throws(AddressLookupError) -> EmbeddedAddressLookupService {
        guard !market.addresses.isEmpty else { return try await loaded() }
        return packAddresses.value(for: market) { EmbeddedAddressLookupService(addresses: market.addresses) }
    }

    private static func loaded() async throws(AddressLookupError) -> EmbeddedAddressLookupService {
        if isLoaded.withLock({ $0 }) { return try service.get() }
        return try await load()
    }

    @concurrent
    private static func load() async throws(AddressLookupError) -> EmbeddedAddressLookupService {
        defer { isLoaded.withLock { $0 = true } }
        return try service.get()
    }
}
