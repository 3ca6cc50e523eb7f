import AddressLookupFeature
import AppBarFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import Testing

/// The composition root: one entry point assembles any brand on embedded or
/// live services, and every way it can fail is a typed error naming the cause.
@Suite("Composition root", .timeLimit(.minutes(5)))
@MainActor
struct CompositionRootTests {
    private static let neds = BrandID(rawValue: "neds")!
    private let composition: Composition

    init() throws {
        composition = try Composition(AllBrands.plugins())
    }

    /// A server that refuses every connection: nothing listens on port 1 of loopback.
    private static let unreachable = URL(string: "http://127.0.0.1:1")!

    /// Live services over HTTP at `server`; the definition by `definition`, else the server's or the bundled one.
    private func live(
        _ server: URL = unreachable, definition: DefinitionPolicy? = nil,
        flags: any FeatureFlagService = FeatureFlagStore(),
        session: ClientSession = .signedOut
    ) -> LiveServices {
        LiveServices(
            accounts: HTTPServiceConfiguration(baseURL: server, timeout: .seconds(5)),
            addresses: HarmonyConfiguration(baseURL: server, headers: ["x-api-key": "key"]),
            definition: definition, flags: flags, clientDetails: EmbeddedClientDetails(session))
    }

    @Test(
        "every brand assembles on embedded services with its own definition; its flag defaults sit under the world's",
        arguments: AllBrands.ids)
    func embedded(_ id: String) async throws {
        let brand = try AllBrands.plugin(id)
        let overridden = !(brand.featureFlagDefaults[.loginNative] ?? false)
        let world = EmbeddedWorld(flags: [.loginNative: overridden])
        let assembled = try await composition.assemble(id.uppercased(), on: .embedded(world))
        #expect(assembled.runtime.manifest.id.rawValue == id)
        #expect(assembled.origin == .bundled)
        #expect(assembled.definition == (try BrandConfiguration(brand).bundledDefinition))
        let flags = assembled.runtime.services.featureFlags
        #expect(flags.isEnabled(.loginNative) == overridden)
        #expect(flags.isEnabled(.betslipNative) == (brand.featureFlagDefaults[.betslipNative] ?? false))
        let join = try assembled.runtime.joinForm()
        join.send(.open(.privacyPolicy))
        let event = try #require(world.analytics.last)
        #expect(event["brand"] == .string(id) && event["market"] == .string(brand.manifest.market.code))
    }

    @Test("live services count days in the brand's market's time zone unless the app gives a wall clock")
    func liveDaysInTheMarket() async throws {
        let neds = try await composition.assemble("neds", on: .live(live())).runtime
        #expect(neds.services.wallClock.calendar.timeZone.identifier == "Australia/Sydney")
        let tabnz = try await composition.assemble("tabnz", on: .live(live())).runtime
        #expect(tabnz.services.wallClock.calendar.timeZone.identifier == "Pacific/Auckland")
        var given = live()
        given.wallClock = .fixed(CalendarDay(year: 2030, month: 1, day: 1)!)
        let fixed = try await composition.assemble("neds", on: .live(given)).runtime
        #expect(fixed.services.wallClock.today == CalendarDay(year: 2030, month: 1, day: 1)!)
    }

    @Test("the world's today decides who is old enough")
    func worldToday() async throws {
        let world = EmbeddedWorld(today: CalendarDay(year: 2030, month: 2, day: 1)!)
        let join = try await composition.assemble("neds", on: .embedded(world)).runtime.joinForm()
        join.send(.focus(.field("dateOfBirth")))
        join.send(.change(.field("dateOfBirth"), "01022012"))  // 18 on the world's today
        join.send(.unfocus)
        #expect(join.state.field("dateOfBirth")?.status == .valid)
        join.send(.focus(.field("dateOfBirth")))
        join.send(.change(.field("dateOfBirth"), "02022012"))  // 18 tomorrow
        join.send(.unfocus)
        #expect(join.state.field("dateOfBirth")?.status.violations.map(\.code) == [.ageMinimum])
    }

    @Test("an unknown brand is a typed error that lists the known ones, on either service set")
    func unknownBrand() async {
        for services: ServiceSet in [.embedded(EmbeddedWorld()), .live(live())] {
            await #expect(throws: CompositionError.brand(.unknown("sportsbet", known: composition.registry.ids))) {
                try await composition.assemble("sportsbet", on: services)
            }
        }
    }

    @Test("a server address that is not http(s), or has no host, is refused before anything is asked")
    func invalidServer() async {
        for address in ["ftp://127.0.0.1/", "file:///tmp/x", "http://"] {
            let error = await #expect(throws: CompositionError.self) {
                try await composition.assemble("neds", on: .live(live(URL(string: address)!)))
            }
            guard case .invalidServer(let named, _)? = error else {
                Issue.record("\(address): \(String(describing: error))")
                continue
            }
            #expect(named == address)
        }
    }

    @Test("an unreachable server: the bundled definition is used and the failure is reported, naming the address")
    func unreachableFallsBack() async throws {
        let assembled = try await composition.assemble("neds", on: .live(live()))
        guard case .bundledAfterServerFailure(.definition(let brand, .unavailable(let source, _))) = assembled.origin
        else {
            Issue.record("origin: \(assembled.origin)")
            return
        }
        #expect(brand.rawValue == "neds")
        #expect(source.hasPrefix("http://127.0.0.1:1/v2/registration/config"))
        #expect(assembled.definition == (try BrandConfiguration(AllBrands.plugin("neds")).bundledDefinition))
        #expect(assembled.origin.description.contains("127.0.0.1:1"))
    }

    @Test("an unreachable server with the server's definition required: a typed error naming the address")
    func unreachableRequired() async {
        let error = await #expect(throws: CompositionError.self) {
            try await composition.assemble(
                "neds", on: .live(live(definition: .server(.http(HTTPServiceConfiguration(baseURL: Self.unreachable)))))
            )
        }
        #expect(error?.description.contains("127.0.0.1:1/v2/registration/config") == true)
    }

    @Test("the bundled policy never asks the server")
    func bundledPolicy() async throws {
        let assembled = try await composition.assemble("tabnz", on: .live(live(definition: .bundled)))
        #expect(assembled.origin == .bundled)
    }

    @Test(
        "a live runtime uses the app's flags and session, and the HTTP services: an unreachable one is a shown failure")
    func liveUsesTheAppsServices() async throws {
        let flags = FeatureFlagStore([.betslipNative: true])
        let session = ClientSession.signedIn(ClientDetails(balance: 42))
        let runtime = try await composition.assemble(
            "betcha",
            on: .live(
                live(
                    definition: .bundled, flags: flags,
                    session: session))
        ).runtime
        let bar = runtime.appBar()
        #expect(bar.state.isSignedIn)
        bar.send(.tap(.betslip))
        #expect(bar.state.route == .nativeBetslip, "the app's flag wins over the brand's default")
        let lookup = runtime.addressLookup()
        lookup.send(.typeText("12 Smith Street"))
        lookup.send(.submit)
        await lookup.settle()
        #expect(lookup.state.failedOperation == .search && lookup.state.failure != nil)
        await #expect(throws: BackendError.self) {
            try await runtime.services.backend.checkUsername("alex_c", for: Self.neds).isAvailable
        }
    }
}

/// The embedded world's own behaviour: existing accounts and faults, with no server.
@Suite("Embedded world: existing accounts and faults", .timeLimit(.minutes(5)))
struct EmbeddedWorldTests {
    private static let neds = BrandID(rawValue: "neds")!
    private static let registration: [String: String] = [
        "title": "Ms", "firstName": "Ada", "lastName": "Lovelace", "dateOfBirth": "10/12/1990",
        "email": "ada@example.com", "mobile": "0412 345 678",
        "address.streetNumber": "12", "address.street": "Smith Street", "address.suburb": "Collingwood",
        "address.state": "VIC", "address.postcode": "3066",
        "username": "adalove", "password": "Analytical1!", "depositLimit": "declined", "marketingConsent": "false",
    ]

    private func backend(_ world: EmbeddedWorld) async throws -> any AccountBackend {
        try await Composition(AllBrands.plugins()).assemble("neds", on: .embedded(world)).runtime.services.backend
    }

    private func registration(_ changes: [String: String] = [:], key: String) -> ClientRegistration {
        ClientRegistration(
            brand: BrandID(rawValue: "neds")!, fields: Self.registration.merging(changes) { $1 }, idempotencyKey: key)
    }

    @Test("a person with an existing account, by email or by mobile however written, is told so; a new person joins")
    func existingAccounts() async throws {
        let world = EmbeddedWorld(existingAccounts: [
            ExistingAccount(email: "Ada@Example.com"), ExistingAccount(mobile: "+61 499 000 111"),
        ])
        let backend = try await backend(world)
        await #expect(throws: BackendError.accountExists) { try await backend.createClient(registration(key: "a")) }
        await #expect(throws: BackendError.accountExists) {
            try await backend.createClient(
                registration(["email": "b@example.com", "mobile": "0499000111", "username": "bee_bee"], key: "b"))
        }
        let joined = try await backend.createClient(
            registration(["email": "c@example.com", "mobile": "0400 123 456", "username": "cee_cee"], key: "c"))
        await #expect(throws: BackendError.accountExists, "the new client now has an account too") {
            try await backend.createClient(
                registration(["email": "c@example.com", "mobile": "0400 999 888", "username": "cee_dee"], key: "d"))
        }
        #expect(world.ledger.clients.map(\.id) == [joined.clientID])
    }

    @Test(
        "faults of the journey's calls: a status fails the call, a time-out ends on the virtual clock, and can change mid-run"
    )
    func faults() async throws {
        let world = EmbeddedWorld(faults: try FaultPlan.parse(faults: ["check-username=500", "create-client=timeout"]))
        let backend = try await backend(world)
        await #expect(throws: BackendError.unavailable(reason: "check-username: HTTP 500 fault.injected")) {
            try await backend.checkUsername("someone", for: Self.neds).isAvailable
        }
        let creating = Task { try await backend.createClient(registration(key: "slow")) }
        await world.clock.waitForSleepers()
        await world.clock.advance(by: .seconds(9))
        #expect(world.clock.sleeperCount == 1, "still waiting one second before the client's time-out")
        await world.clock.advance(by: .seconds(1))
        // As the app's HTTP client does, create-client is sent once more inside its budget.
        await world.clock.waitForSleepers()
        #expect(world.clock.sleeperCount == 1, "the second try waits its ten seconds")
        await world.clock.advance(by: .seconds(10))
        await #expect(throws: BackendError.timedOut) { try await creating.value }
        world.faults.plan = FaultPlan()
        #expect(try await backend.checkUsername("someone", for: Self.neds).isAvailable)
    }

    @Test(
        "a latency past the client's time-out: the server created the client, the client saw no answer; the retry gets it"
    )
    func slowCreate() async throws {
        let world = EmbeddedWorld(faults: try FaultPlan.parse(faults: ["create-client=latency 12s"]))
        let backend = try await backend(world)
        let first = Task { try await backend.createClient(registration(key: "same-key")) }
        await world.clock.waitForSleepers()
        await world.clock.advance(by: .seconds(10))
        await world.clock.waitForSleepers()
        await world.clock.advance(by: .seconds(10))
        await #expect(throws: BackendError.timedOut) { try await first.value }
        world.faults.plan = FaultPlan()
        let retried = try await backend.createClient(registration(key: "same-key"))
        #expect(
            world.ledger.clients.map(\.id) == [retried.clientID], "one client, though the first answer was lost")
    }
}
