import AddressLookupFeature
import Foundation
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryScenarios

/// A defect planted in a runtime on purpose, so tests can show that the
/// explorer finds each kind of defect it is built to find, through the
/// runner's ``RuntimeAlteration`` seam (nothing a person runs sets one).
package enum PlantedDefect: Sendable {
    /// The field keeps no rule but being filled in: its own rules are skipped.
    case skippedRule(FieldName)
    /// A create-client the person retries goes out twice, the second time under a new idempotency key.
    case secondCreateClientOnRetry
    /// The engines wait on a clock the virtual clock cannot see through, so a long wait jumps over the
    /// deadlines inside it instead of stopping at each.
    case droppedDeadline
    /// The address read back from the address service loses its postcode, as a wire mapping that forgot
    /// a field would.
    case droppedPostcode
    /// The create-client request leaves this field out, as an app's request mapping that forgot it would:
    /// the form shows it, the server never gets it.
    case droppedRegistrationField(String)
    /// Each sign-up also tracks the person's e-mail, mobile, names and date of birth as plain analytics
    /// properties, which every sink then receives.
    case personalDataInAnalytics
    /// Each username check is answered with the answer to the check before it, as a client that applies
    /// a stale answer to the newer name would show.
    case staleUsernameAnswer
    /// The form takes typing while it is loading: what is typed then lands once the answer comes.
    case typingWhileLoading

    /// `runtime`, whose time is `world`'s, with the defect in it.
    func apply(to runtime: Runtime, in world: EmbeddedWorld) -> Runtime {
        var services = runtime.services
        switch self {
        case .skippedRule(let name):
            guard var definition = try? runtime.settings[JoinFormSettings.Key.self].form(in: runtime.market),
                let index = definition.fields.firstIndex(where: { $0.name == name })
            else { return runtime }
            definition.fields[index].validate.custom = []
            definition.fields[index].validate.minLength = nil
            definition.fields[index].validate.maxLength = nil
            return Runtime(brand: runtime.brand.with(definition: definition), services: services)
        case .secondCreateClientOnRetry:
            services.backend = DoublingRetries(base: services.backend)
        case .droppedDeadline:
            services.clock = EngineClock(OpaqueClock(base: world.clock))
        case .droppedPostcode:
            services.addressLookup = PostcodeDropping(base: services.addressLookup)
        case .droppedRegistrationField(let name):
            services.backend = FieldDropping(base: services.backend, field: name)
        case .personalDataInAnalytics:
            services.backend = PersonalDataTracking(
                base: services.backend, analytics: services.analytics,
                fields: runtime.settings[JoinFormSettings.Key.self].fieldNames)
        case .staleUsernameAnswer:
            services.backend = StaleAnswers(base: services.backend)
        case .typingWhileLoading:
            break
        }
        return Runtime(brand: runtime.brand, services: services)
    }
}

/// Sends a retried create-client (one whose idempotency key was seen before) twice, the second time under a new key.
private actor DoublingRetries: AccountBackend {
    let base: any AccountBackend
    private var keys: Set<String> = []

    init(base: any AccountBackend) { self.base = base }

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        let retried = !keys.insert(registration.idempotencyKey).inserted
        let client = try await base.createClient(registration)
        if retried {
            var again = registration
            again.idempotencyKey += "-again"
            _ = try? await base.createClient(again)
        }
        return client
    }
}

extension PlantedDefect {
    /// The defect as the runner and the explorer take it.
    package var alteration: RuntimeAlteration {
        RuntimeAlteration(runtime: { runtime, world in apply(to: runtime, in: world) }, journey: journey)
    }

    /// For a defect in the form itself, how the run starts a join form on a runtime: a store around a
    /// journey with the defect (`nil`: the runtime's own store).
    var journey: (@MainActor @Sendable (Runtime) throws -> any JourneyDriver)? {
        guard case .typingWhileLoading = self else { return nil }
        return { runtime in
            Store(TypingWhileLoading(inner: try runtime.joinJourney()), clock: runtime.services.clock)
        }
    }
}

/// A join journey that takes what is typed while it loads, and applies it once the answer comes.
private struct TypingWhileLoading: StateMachine {
    var inner: JoinJourney
    var typedWhileLoading: [JoinIntent] = []

    var state: JoinState { inner.state }

    func start() -> [Effect<JoinFeedback>] { inner.start() }

    mutating func send(_ intent: JoinIntent) -> [Effect<JoinFeedback>] {
        if inner.state.isLoading, case .change = intent {
            typedWhileLoading.append(intent)
            return []
        }
        return inner.send(intent)
    }

    mutating func receive(_ feedback: JoinFeedback) -> [Effect<JoinFeedback>] {
        var effects = inner.receive(feedback)
        guard !inner.state.isLoading else { return effects }
        for intent in typedWhileLoading { effects += inner.send(intent) }
        typedWhileLoading = []
        return effects
    }
}

/// Sign-ups that also track the person's details as plain analytics properties.
private struct PersonalDataTracking: AccountBackend {
    let base: any AccountBackend
    let analytics: AnalyticsPipeline
    let fields: AccountFieldNames

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        var event = AnalyticsEvent("sign_up_details")
        for name in [fields.email, fields.mobile, fields.firstName, fields.lastName, fields.dateOfBirth] {
            if let value = registration.fields[name.rawValue] { event = event.adding(name.rawValue, .string(value)) }
        }
        analytics.track(event)
        return try await base.createClient(registration)
    }
}

/// Username checks answered one behind: each with the verdict of the check before it.
private actor StaleAnswers: AccountBackend {
    let base: any AccountBackend
    private var previous: UsernameVerdict = .available

    init(base: any AccountBackend) { self.base = base }

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        let fresh = try await base.checkUsername(username, for: brand)
        defer { previous = fresh }
        return previous
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        try await base.createClient(registration)
    }
}

/// Registrations sent without one field.
private struct FieldDropping: AccountBackend {
    let base: any AccountBackend
    let field: String

    func checkUsername(_ username: String, for brand: BrandID) async throws(BackendError) -> UsernameVerdict {
        try await base.checkUsername(username, for: brand)
    }

    func createClient(_ registration: ClientRegistration) async throws(BackendError) -> CreatedClient {
        var sent = registration
        sent.fields[field] = nil
        return try await base.createClient(sent)
    }
}

/// A clock that reads another but hides what it is, so the engines' work is not enlisted in a virtual clock's advances.
private struct OpaqueClock: Clock {
    let base: VirtualClock
    var now: VirtualClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }
    func sleep(until deadline: VirtualClock.Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}

/// Address answers without their postcode.
private struct PostcodeDropping: AddressLookupService {
    let base: any AddressLookupService

    func suggestions(for query: String, in market: Market, limit: Int) async throws(AddressLookupError)
        -> [AddressSuggestion]
    {
        try await base.suggestions(for: query, in: market, limit: limit)
    }

    func address(id: String, in market: Market) async throws(AddressLookupError) -> PostalAddress {
        let address = try await base.address(id: id, in: market)
        return PostalAddress(
            id: address.id, unit: address.unit, streetNumber: address.streetNumber, street: address.street,
            places: address.places, postcode: "", in: market.address)
    }
}
