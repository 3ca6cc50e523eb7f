// An app's view of Livery: this target imports the libraries an app
// depends on, never through a testable import, and uses only what they make public.
// If it needs something internal, an app would too.
import AddressLookupFeature
import AppBarFeature
import BetchaBrand
import Foundation
import JoinFormFeature
import LadbrokesBrand
import LiveryComposition
import LiveryCore
import NedsBrand
import TabNZBrand
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The brands an app might ship.
func allBrands() throws -> [any BrandPlugin] {
    [try LadbrokesBrand.load(), try NedsBrand.load(), try BetchaBrand.load(), try TabNZBrand.load()]
}

@Suite("The outside view: assembling and driving every brand on public API only", .timeLimit(.minutes(5)))
@MainActor
struct AssemblyOutsideViewTests {
    @Test(
        "every brand assembles on embedded services; each store answers send, state and settle",
        arguments: ["ladbrokes", "neds", "betcha", "tabnz"])
    func embedded(_ brand: String) async throws {
        let world = EmbeddedWorld()
        let assembled = try await Composition(try allBrands()).assemble(brand, on: .embedded(world))
        #expect(assembled.origin == .bundled)
        #expect(assembled.runtime.manifest.id.rawValue == brand)

        let join = try assembled.runtime.joinForm()
        join.send(.focus(.field("email")))
        join.send(.change(.field("email"), "not an email"))
        join.send(.next)
        #expect(join.state.field("email")?.status.kind == .invalid, "a bad email is marked as it loses focus, at once")

        let bar = assembled.runtime.appBar(options: AppBarOptions(screen: "join"))
        bar.send(.appeared)
        await bar.settle()
        #expect(!bar.state.layout.right.isEmpty, "the app bar lays out its items")
        world.session.signIn(
            ClientDetails(balance: 12.5, pendingBetsCount: 1, socialProfile: nil, promotionsBalance: 0))
        await bar.settle()
        #expect(
            bar.state.layout.right.contains { if case .balance = $0.content { true } else { false } },
            "signing in shows the balance")

        let lookup = assembled.runtime.addressLookup()
        lookup.send(.typeText(assembled.runtime.market.address.sampleSearch))
        lookup.send(.submit)
        await lookup.settle()
        #expect(!lookup.state.suggestions.isEmpty, "a search finds the world's addresses")
    }

    @Test(
        "every brand assembles on the app's own account and address services: nothing over HTTP, the bundled form",
        arguments: ["ladbrokes", "neds", "betcha", "tabnz"])
    func ownServices(_ brand: String) async throws {
        let world = EmbeddedWorld()
        let accounts = AppAccounts()
        let live = LiveServices(
            accounts: accounts, addresses: world.addresses, analytics: [world.analytics],
            clock: EngineClock(world.clock), wallClock: world.wallClock)
        let assembled = try await Composition(try allBrands()).assemble(brand, on: .live(live))
        #expect(assembled.origin == .bundled, "with no definition source the brand's bundled form is used")
        let join = try assembled.runtime.joinForm()
        try await signUp(join, in: assembled.runtime.market, username: "taken_name")
        #expect(await accounts.checked == [brand + ":taken_name"], "the app's service is asked, for the brand")
        #expect(join.state.field("username")?.status.kind == .invalid)
        #expect(await accounts.created.isEmpty, "a taken name is not sent to create-client")
    }

    @Test(
        "a whole sign-up on the app's own services: the registration names the brand and the route names the client",
        arguments: ["ladbrokes", "neds", "betcha", "tabnz"])
    func signUpOnOwnServices(_ brand: String) async throws {
        let world = EmbeddedWorld()
        let accounts = AppAccounts()
        let live = LiveServices(
            accounts: accounts, addresses: world.addresses, clock: EngineClock(world.clock),
            wallClock: world.wallClock)
        let assembled = try await Composition(try allBrands()).assemble(brand, on: .live(live))
        let join = try assembled.runtime.joinForm()
        try await signUp(join, in: assembled.runtime.market)
        #expect(
            join.state.route == .signedUp(CreatedClient(clientID: "app-1")),
            "\(join.state.alert.map(\.title) ?? "no alert")")
        let sent = try #require(await accounts.created.first)
        #expect(sent.brand.rawValue == brand)
        #expect(sent.fields["username"] == "alex_c")
    }

    @Test("a definition from the app's own source is used, and the brand keeps everything else")
    func ownDefinitionSource() async throws {
        let world = EmbeddedWorld()
        let standard = try FormDefinition.standard(for: try NedsBrand.load().manifest.market)
        let source = FixedDefinition(definition: standard)
        let live = LiveServices(
            accounts: AppAccounts(), addresses: world.addresses, definition: .server(source),
            clock: EngineClock(world.clock), wallClock: world.wallClock)
        let assembled = try await Composition(try allBrands()).assemble("neds", on: .live(live))
        #expect(assembled.origin == .server)
        #expect(assembled.definition == standard)
        #expect(assembled.runtime.theme == (try NedsBrand.load()).theme)

        let failing = LiveServices(
            accounts: AppAccounts(), addresses: world.addresses,
            definition: .serverOrBundled(FixedDefinition(definition: nil)))
        let fellBack = try await Composition(try allBrands()).assemble("neds", on: .live(failing))
        guard case .bundledAfterServerFailure(let failure) = fellBack.origin else {
            Issue.record("expected the bundled form after the source failed, got \(fellBack.origin)")
            return
        }
        #expect("\(failure)".contains("neds"))
    }
}

@Suite("The outside view: a wrapped brand keeps every part of the brand", .timeLimit(.minutes(5)))
@MainActor
struct BrandVariantOutsideViewTests {
    @Test(
        "a brand with another definition and theme keeps its manifest, messages, flag defaults and every analytics transform"
    )
    func variantKeepsEverything() async throws {
        let brand = RenamingBrand(base: try NedsBrand.load())
        let tabnzTheme = try TabNZBrand.load().theme
        let definition = try FormDefinition.standard(for: try NedsBrand.load().manifest.market)
        let variant = brand.with(definition: definition).theme(tabnzTheme)
        #expect(variant.manifest == brand.manifest)
        #expect(variant.featureFlagDefaults == brand.featureFlagDefaults)
        #expect(variant.analyticsTransforms.count == brand.analyticsTransforms.count)
        #expect(variant.featureSettings[JoinFormSettings.Key.self].definition == definition)
        #expect(variant.theme == tabnzTheme)

        let world = EmbeddedWorld()
        let join = try await Composition([variant]).assemble("neds", on: .embedded(world)).runtime.joinForm()
        join.send(.focus(.field("email")))
        join.send(.change(.field("email"), "pat@example.com"))
        join.send(.next)
        await join.settle()
        let names = world.analytics.events.map(\.name)
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.hasPrefix("neds_") }, "every event went through the brand's renaming: \(names)")
        #expect(
            world.analytics.events.allSatisfy { $0.property("stamped")?.value == .string("yes") },
            "and through its second transform")
    }
}

@Suite("The outside view: what the journey shows for each failure of an app's account service", .timeLimit(.minutes(5)))
@MainActor
struct AccountFailureOutsideViewTests {
    enum Shown: Equatable {
        case alert(SystemAlert.Kind)
        case route(String)
        case fieldMessage(String)
    }

    static let cases: [(BackendError, Shown)] = [
        (.accountExists, .route("nativeLogin")),  // Neds starts with login-native on
        (.conflict(reason: "locked"), .alert(.signUpFailed)),
        (
            .rejected(["email": [RuleViolation(code: "email.blocked", template: "Use another email.")]]),
            .fieldMessage("email")
        ),
        (.timedOut, .alert(.signUpFailed)),
        (.selfExcluded, .alert(.selfExcluded)),
        (.idempotencyMismatch, .alert(.signUpFailed)),
        (.unavailable(reason: "maintenance"), .alert(.signUpFailed)),
        (.invalidResponse(reason: "no clientId"), .alert(.signUpFailed)),
    ]

    @Test(
        "each BackendError a create-client throws: the alert, route or field message the person sees; values kept",
        arguments: 0..<8)
    func failure(_ index: Int) async throws {
        let (error, shown) = Self.cases[index]
        let world = EmbeddedWorld()
        let accounts = AppAccounts(failure: error)
        let live = LiveServices(
            accounts: accounts, addresses: world.addresses, clock: EngineClock(world.clock),
            wallClock: world.wallClock)
        let join = try await Composition([try NedsBrand.load()]).assemble("neds", on: .live(live)).runtime.joinForm()
        try await signUp(join, in: try NedsBrand.load().manifest.market)
        switch shown {
        case .alert(let kind):
            #expect(join.state.alert?.kind == kind, "\(error)")
            #expect(join.state.route == nil)
        case .route(let name):
            #expect(join.state.route?.name.rawValue == name, "\(error)")
            #expect(join.state.alert == nil)
        case .fieldMessage(let field):
            #expect(join.state.alert?.kind == .detailsRejected, "\(error)")
            #expect(join.state.field(FieldName(field))?.messages == ["Use another email."])
        }
        #expect(join.state.field("email")?.displayValue == "alex@example.com", "nothing typed is lost")
    }
}

/// Fills the personal page as a person would and continues to the account page.
@MainActor
func fillPersonalPage(_ join: JoinFormStore, in market: Market) async {
    join.send(.change(.field("title"), "Mx"))
    for (field, text) in [
        ("firstName", "Alex"), ("lastName", "Citizen"), ("dateOfBirth", "01022000"),
        ("email", "alex@example.com"), ("mobile", market.mobile.example),
    ] {
        join.send(.focus(.field(FieldName(field))))
        join.send(.change(.field(FieldName(field)), text))
    }
    join.send(.continue)
    await join.settle()
}

/// Fills the whole form as a person would, with `username`, and taps to create the client.
@MainActor
func signUp(_ join: JoinFormStore, in market: Market, username: String = "alex_c") async throws {
    await fillPersonalPage(join, in: market)
    join.send(.focus(.field("address")))
    join.send(.change(.field("address"), market.address.sampleSearch))
    join.send(.address(.submit))
    await join.settle()
    let first = try #require(join.state.address?.suggestions.first)
    join.send(.address(.select(id: first.id)))
    await join.settle()
    join.send(.focus(.field("username")))
    join.send(.change(.field("username"), username))
    join.send(.focus(.field("password")))
    join.send(.change(.field("password"), "Correct-Horse-9"))
    join.send(.unfocus)
    if join.state.depositLimit?.isRequired == true { join.send(.chooseDepositLimit(.declined)) }
    await join.settle()
    join.send(.continue)
    await join.settle()
}

/// An app's own account service: remembers what it was asked, and fails
/// create-client with `failure` when given one.
actor AppAccounts: AccountBackend {
    private(set) var checked: [String] = []
    private(set) var created: [ClientRegistration] = []
    let failure: BackendError?

    init(failure: BackendError? = nil) { self.failure = failure }

    func checkUsername(_ username: String, for brand: BrandID) -> UsernameVerdict {
        checked.append("\(brand):\(username)")
        return username == "taken_name"
            ? .unavailable([RuleViolation(code: UsernameVerdict.takenCode, template: "That username is taken.")])
            : .available
    }

    func createClient(_ registration: ClientRegistration) throws(BackendError) -> CreatedClient {
        created.append(registration)
        if let failure { throw failure }
        return CreatedClient(clientID: "app-1")
    }
}

/// An app's own definition source: a fixed definition, or a failure without one.
struct FixedDefinition: FormDefinitionSource {
    let definition: FormDefinition?

    func definition(for brand: BrandID) throws(DefinitionError) -> FormDefinition {
        guard let definition else { throw .unavailable(source: "the app's cache", reason: "empty") }
        return definition
    }
}

/// A brand an app writes around a shipped one, with two analytics transforms of its own.
struct RenamingBrand: BrandPlugin {
    let base: any BrandPlugin
    var manifest: BrandManifest { base.manifest }
    var theme: Theme { base.theme }
    var messages: MessageCatalogue { base.messages }
    var featureFlagDefaults: [FeatureFlag: Bool] { base.featureFlagDefaults }
    var analyticsTransforms: [any AnalyticsTransform] {
        [
            AnalyticsClosureTransform { event in
                var event = event
                event.name = "neds_" + event.name
                return event
            },
            AnalyticsClosureTransform { event in
                var event = event
                event.properties["stamped"] = AnalyticsProperty("yes")
                return event
            },
        ]
    }

    func configure(_ settings: inout FeatureSettings) { base.configure(&settings) }
}

@Suite("The outside view: an app's own HTTP transport", .timeLimit(.minutes(5)))
struct TransportOutsideViewTests {
    @Test("every call of the account and address services over HTTP travels on the app's own transport")
    func ownTransport() async throws {
        let transport = AppTransport()
        let api = URL(string: "https://api.example.com")!
        let accounts = HTTPAccountBackend(HTTPServiceConfiguration(baseURL: api), session: transport)
        let verdict = try await accounts.checkUsername("alex_c", for: BrandID(rawValue: "neds")!)
        #expect(verdict.isAvailable)
        let addresses = HarmonyAddressLookupService(
            configuration: HarmonyConfiguration(baseURL: api), session: transport)
        let found = try await addresses.suggestions(
            for: "12 Smith St", in: try NedsBrand.load().manifest.market, limit: 8)
        #expect(found.isEmpty)
        #expect(await transport.paths == ["/v2/client/check-username", "/address/find"])
    }
}

/// An app's own transport (its HTTP/2 client, its proxy): answers as the server would, and remembers what it carried.
actor AppTransport: HTTPTransport {
    private(set) var paths: [String] = []

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let url = try #require(request.url)
        paths.append(url.path)
        let body =
            url.path.hasSuffix("check-username")
            ? #"{"username": "alex_c", "available": true}"# : #"{"status": "SUCCESS", "messages": [], "payload": []}"#
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
        return (Data(body.utf8), response)
    }
}
