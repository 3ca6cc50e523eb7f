import AddressLookupFeature
import Foundation
import LiveryCore
import LiveryTesting

@testable import JoinFormFeature

/// A brand used only by journey tests; its join settings are the test's.
struct JourneyTestBrand: BrandPlugin {
    var manifest: BrandManifest
    var theme: Theme { Self.theme }
    var messages = MessageCatalogue()
    var joinSettings = JoinFormSettings()
    let featureFlagDefaults: [FeatureFlag: Bool] = [:]
    let analyticsTransforms: [any AnalyticsTransform] = []

    init(market: Market) {
        let australian = market == .australia
        manifest = BrandManifest(
            id: BrandID(rawValue: australian ? "test-au" : "test-nz")!, displayName: "Test",
            market: market, currencyCode: australian ? "AUD" : "NZD",
            locale: australian ? "en-AU" : "en-NZ")
    }

    func configure(_ settings: inout FeatureSettings) {
        settings[JoinFormSettings.Key.self] = joinSettings
    }

    static let theme: Theme = {
        let style = TextStyle(fontFamily: "Test", size: 16, weight: .regular, lineHeight: 20)
        return Theme(
            name: "Test", palette: ColorPalette { _ in RGBColor(red: 0, green: 0, blue: 0) },
            typography: TypographyScale(
                title: style, headline: style, body: style, caption: style,
                button: style, badge: style),
            spacing: SpacingScale(xxs: 2, xs: 4, s: 8, m: 16, l: 24, xl: 32),
            icons: IconSet(
                search: "s", login: "l", join: "j", betslip: "b", balance: "m", pendingBets: "p",
                locker: "k", toolbox: "t", userTray: "u", pot: nil, close: "c", clear: "x"))
    }()
}

/// An account service whose answers the test decides: taken and failing
/// usernames, usernames whose answer waits at a gate, and a queue of
/// create-client failures before the underlying embedded service answers.
actor ScriptedAccountBackend: AccountBackend {
    let embedded: EmbeddedAccountBackend
    var failingUsernames: Set<String> = []
    var usernameGates: [String: Gate] = [:]
    var createFailures: [BackendError] = []
    var createGate: Gate?
    private(set) var usernameQuestions: [String] = []
    private(set) var registrations: [ClientRegistration] = []
    /// Username questions as they reach the service (before any gate).
    nonisolated let questionsAsked = Arrivals()
    /// Registrations as they reach the service (before any gate).
    nonisolated let registrationsSent = Arrivals()

    init(embedded: EmbeddedAccountBackend) { self.embedded = embedded }

    func failUsername(_ name: String) { failingUsernames.insert(name) }
    func answerUsername(_ name: String) { failingUsernames.remove(name) }
    func gateUsername(_ name: String, _ gate: Gate) { usernameGates[name] = gate }
    func failNextCreate(with error: BackendError) { createFailures.append(error) }
    func gateCreate(_ gate: Gate) { createGate = gate }

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        usernameQuestions.append(username)
        questionsAsked.arrive()
        if let gate = usernameGates[username] { await gate.wait() }
        if failingUsernames.contains(username) { throw .unavailable(reason: "the username service did not answer") }
        return try await embedded.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        registrations.append(registration)
        registrationsSent.arrive()
        if let gate = createGate { await gate.wait() }
        if !createFailures.isEmpty { throw createFailures.removeFirst() }
        return try await embedded.createClient(registration)
    }
}

/// One journey, in the store a head holds, with everything a test looks at:
/// the clock, the recorded analytics, the flags and the scripted backend.
@MainActor
struct JourneyHarness {
    let clock = VirtualClock()
    let analytics = RecordingDestination()
    let flags = FeatureFlagStore()
    let backend: ScriptedAccountBackend
    let journey: JoinFormStore
    let definition: FormDefinition
    let market: Market

    /// A journey over `definition` (the market's standard one by default).
    init(
        market: Market = .australia, definition: FormDefinition? = nil, takenUsernames: Set<String> = ["taken_name"],
        register: [SelfExcludedPerson]? = nil, addresses: any AddressLookupService = JourneyHarness.addresses,
        configure: (inout JoinFormSettings) -> Void = { _ in }
    ) throws {
        let definition = try definition ?? FormDefinition.standard(for: market)
        self.definition = definition
        self.market = market
        let embedded = EmbeddedAccountBackend(
            definition: definition,
            environment: RuleEnvironment(market: market, wallClock: clock.wallClock()),
            takenUsernames: takenUsernames, selfExclusionRegister: register)
        backend = ScriptedAccountBackend(embedded: embedded)
        var brand = JourneyTestBrand(market: market)
        brand.joinSettings.definition = definition
        configure(&brand.joinSettings)
        let services = RuntimeServices(
            clock: EngineClock(clock), wallClock: clock.wallClock(), backend: backend,
            addressLookup: addresses,
            analytics: AnalyticsPipeline(destinations: [analytics]), featureFlags: flags)
        journey = try Runtime(brand: brand, services: services).joinForm()
    }

    /// Focuses `name`, types `text` and leaves it, as a person would.
    func type(_ text: String, into name: FieldName) {
        journey.send(.focus(.field(name)))
        journey.send(.change(.field(name), text))
        journey.send(.unfocus)
    }

    /// Focuses the child input `child` of `parent`, types `text` and leaves it.
    func type(_ text: String, into parent: FieldName, child: String) {
        journey.send(.focus(.child(parent, child)))
        journey.send(.change(.child(parent, child), text))
        journey.send(.unfocus)
    }

    /// Fills every page-one field of the standard definition with valid values.
    func fillDetails(firstName: String = "Alex", lastName: String = "Citizen", dateOfBirth: String = "01022000") {
        journey.send(.change(.field("title"), "Mx"))
        type(firstName, into: "firstName")
        type(lastName, into: "lastName")
        type(dateOfBirth, into: "dateOfBirth")
        type("alex@example.com", into: "email")
        type(Self.mobile(for: market), into: "mobile")
    }

    static func mobile(for market: Market) -> String { market == .australia ? "0412345678" : "0211234567" }

    /// Walks page one with valid details, then fills page two (no address
    /// unless the definition has one and `address` is given): a username, a
    /// strong password and, where asked, a declined deposit limit.
    func reachAccountPage() async {
        fillDetails()
        journey.send(.continue)
        await journey.settle()
    }

    /// Fills page two's own inputs with valid values.
    func fillAccount(
        username: String = "alex_c", password: String = "Correct-Horse-9",
        depositLimit: DepositLimitDecision = .declined
    ) async {
        type(username, into: "username")
        type(password, into: "password")
        if depositLimit != .undecided { journey.send(.chooseDepositLimit(depositLimit)) }
        await journey.settle()
    }

    /// A small address book for the journey: one Australian and one New Zealand street.
    static let addresses = EmbeddedAddressLookupService(addresses: [
        PostalAddress(
            id: "au-1", streetNumber: "12", street: "Smith Street",
            places: [.suburb: "Collingwood", .state: "VIC"], postcode: "3066", in: Market.australia.address),
        PostalAddress(
            id: "au-2", unit: "3", streetNumber: "12", street: "Smith Street",
            places: [.suburb: "Collingwood", .state: "VIC"], postcode: "3066", in: Market.australia.address),
        PostalAddress(
            id: "nz-1", streetNumber: "1", street: "Queen Street",
            places: [.suburb: "Auckland Central", .city: "Auckland"], postcode: "1010", in: Market.newZealand.address),
    ])

    /// Searches for `query` in the address field, lets the debounce pass and
    /// chooses the first suggestion, as a person would.
    func chooseAddress(_ query: String) async {
        journey.send(.focus(.field("address")))
        journey.send(.change(.field("address"), query))
        await clock.advance(by: .milliseconds(300))
        await journey.settle()
        guard let first = journey.state.address?.suggestions.first else { return }
        journey.send(.address(.select(id: first.id)))
        await journey.settle()
    }

    /// The current state.
    var state: JoinState { journey.state }

    /// The status of `name` now.
    func status(_ name: FieldName) -> FieldStatus? { journey.state.field(name)?.status }
}

extension FormDefinition {
    /// The market's standard definition with `changes` applied (a field
    /// removed, one added after another), for tests of one behaviour.
    static func standard(
        for market: Market, removing removed: Set<FieldName> = [],
        adding added: FieldDefinition? = nil, after anchor: FieldName? = nil
    ) throws -> FormDefinition {
        var amendments: [FormAmendment] = removed.isEmpty ? [] : [.remove(removed.sorted { $0.rawValue < $1.rawValue })]
        if let added, let anchor { amendments.append(.add(added, after: anchor)) }
        return try FormDefinition.standard(for: market).amended(by: amendments)
    }
}
