import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Page two and creating the client")
@MainActor
struct SignUpTests {
    private func readyToSignUp(
        market: Market = .australia, register: [SelfExcludedPerson]? = nil,
        configure: (inout JoinFormSettings) -> Void = { _ in }
    ) async throws -> JourneyHarness {
        let harness = try JourneyHarness(
            market: market, definition: .standard(for: market, removing: ["address"]),
            register: register, configure: configure)
        await harness.reachAccountPage()
        await harness.fillAccount()
        return harness
    }

    private func signUp(_ harness: JourneyHarness) async {
        harness.journey.send(.continue)
        await harness.journey.settle()
    }

    @Test("sign-up creates the client and asks the head for the next screen")
    func success() async throws {
        let harness = try await readyToSignUp()
        await signUp(harness)
        let state = harness.state
        let client = try #require(state.createdClient)
        #expect(state.route == .signedUp(client))
        #expect(state.isLoading == false)
        let stored = harness.backend.embedded.clients
        #expect(stored.count == 1)
        #expect(stored.first?.fields["username"] == "alex_c")
        #expect(stored.first?.fields["depositLimit"] == "declined")
        #expect(stored.first?.fields["password"] == nil)
        harness.journey.send(.routeHandled)
        #expect(harness.state.route == nil)
    }

    @Test("the last page stays loading while the client is created")
    func loadingWhileCreating() async throws {
        let harness = try await readyToSignUp()
        let gate = Gate()
        await harness.backend.gateCreate(gate)
        harness.journey.send(.continue)
        await harness.backend.registrationsSent.wait(for: 1)
        #expect(harness.state.isLoading)
        #expect(harness.state.callToAction.showsProgress)
        await gate.open()
        await harness.journey.settle()
        #expect(harness.state.isLoading == false)
    }

    @Test("a failed sign-up shows the alert and keeps every value; retry creates exactly one client")
    func failureThenRetry() async throws {
        let harness = try await readyToSignUp()
        await harness.backend.failNextCreate(with: .unavailable(reason: "503"))
        await signUp(harness)
        let failed = harness.state
        #expect(failed.alert?.kind == .signUpFailed)
        #expect(failed.alert?.actions.map(\.role) == [.retry, .dismiss])
        #expect(failed.field("username")?.value == .text("alex_c"))
        #expect(failed.field("password")?.value == .text("Correct-Horse-9"))
        #expect(failed.field("firstName")?.value == .text("Alex"))
        #expect(failed.createdClient == nil && failed.isLoading == false)

        harness.journey.send(.alertAction(.retry))
        await harness.journey.settle()
        let state = harness.state
        #expect(state.alert == nil)
        #expect(state.createdClient != nil)
        let keys = await harness.backend.registrations.map(\.idempotencyKey)
        #expect(keys.count == 2 && keys[0] == keys[1])
        #expect(harness.backend.embedded.clients.count == 1)
    }

    @Test("after a failed sign-up, changed details are sent with a new key; the same details keep theirs")
    func newKeyForChangedDetails() async throws {
        let harness = try await readyToSignUp()
        await harness.backend.failNextCreate(with: .unavailable(reason: "503"))
        await signUp(harness)
        harness.journey.send(.dismissAlert)
        harness.journey.send(.focus(.field("username")))
        harness.journey.send(.change(.field("username"), "alex_c2"))
        harness.journey.send(.unfocus)
        await harness.journey.settle()
        await signUp(harness)
        #expect(harness.state.createdClient != nil)
        let registrations = await harness.backend.registrations
        #expect(registrations.count == 2)
        #expect(registrations[0].idempotencyKey != registrations[1].idempotencyKey)
        #expect(registrations[1].fields["username"] == "alex_c2")
    }

    @Test("details the service rejects land on their fields, with focus there, and clear when edited")
    func serverFieldErrors() async throws {
        let harness = try await readyToSignUp()
        let violation = RuleViolation(code: "username.taken", template: "That username was just taken.")
        await harness.backend.failNextCreate(with: .rejected(["username": [violation]]))
        await signUp(harness)
        let state = harness.state
        #expect(state.field("username")?.status == .invalid([violation]))
        #expect(state.field("username")?.messages == ["That username was just taken."])
        #expect(state.focus == .field("username"))
        #expect(state.alert?.kind == .detailsRejected)
        harness.journey.send(.dismissAlert)
        harness.journey.send(.change(.field("username"), "alex_c2"))
        #expect(harness.status("username") == .unknown)
    }

    @Test("a rejected field on an earlier page brings that page back")
    func rejectedOnEarlierPage() async throws {
        let harness = try await readyToSignUp()
        await harness.backend.failNextCreate(
            with: .rejected(["email": [RuleViolation(code: "email.inUse", template: "In use.")]]))
        await signUp(harness)
        let state = harness.state
        #expect(state.pageIndex == 0)
        #expect(state.focus == .field("email"))
    }

    @Test("a rule code the brand configured raises its own alert (a market's extra situation)")
    func configuredAlert() async throws {
        let custom = SystemAlert(
            kind: .configured, title: "Identity check", message: "We need a document.",
            actions: [SystemAlert.Action("OK", role: .dismiss)])
        let harness = try await readyToSignUp(market: .newZealand) {
            $0.alerts.byRuleCode["identity.unverified"] = custom
        }
        await harness.backend.failNextCreate(
            with: .rejected(["lastName": [RuleViolation(code: "identity.unverified", template: "Unverified.")]]))
        await signUp(harness)
        #expect(harness.state.alert == custom)
    }

    @Test("a person on the self-exclusion register gets its alert and no account")
    func selfExcluded() async throws {
        let person = SelfExcludedPerson(
            firstName: "Alex", lastName: "Citizen", dateOfBirth: CalendarDay(year: 2000, month: 2, day: 1)!)
        let harness = try await readyToSignUp(register: [person])
        await signUp(harness)
        let state = harness.state
        #expect(state.alert?.kind == .selfExcluded)
        #expect(state.createdClient == nil)
        #expect(harness.backend.embedded.clients.isEmpty)
        harness.journey.send(.alertAction(.openSelfExclusionRegister))
        #expect(harness.analytics.events.last?.name == JoinEvent.linkOpened.rawValue)
        #expect(harness.analytics.events.last?["link"] == .string("selfExclusionRegister"))
    }

    @Test(
        "someone who already has an account is sent to log in, native or legacy by the login-native flag",
        arguments: [true, false])
    func alreadyRegistered(loginNative: Bool) async throws {
        let harness = try await readyToSignUp()
        harness.flags.set(.loginNative, loginNative)
        await harness.backend.failNextCreate(with: .accountExists)
        await signUp(harness)
        #expect(harness.state.route == (loginNative ? .nativeLogin : .legacyLogin))
        #expect(harness.state.alert == nil)
        #expect(
            harness.analytics.events.last { $0.name == JoinEvent.signUp.rawValue }?["outcome"]
                == .string("already_registered"))
    }

    @Test("any other conflict the service reports is a failed sign-up: the alert, every value kept")
    func otherConflict() async throws {
        let harness = try await readyToSignUp()
        await harness.backend.failNextCreate(with: .conflict(reason: "try again later"))
        await signUp(harness)
        #expect(harness.state.alert?.kind == .signUpFailed)
        #expect(harness.state.route == nil)
        #expect(harness.state.field("username")?.value == .text("alex_c"))
    }

    @Test("terms and privacy links ask for their pages; support and the register are recorded only")
    func links() async throws {
        let harness = try await readyToSignUp()
        harness.journey.send(.open(.termsAndConditions))
        #expect(harness.state.route == .termsAndConditions)
        harness.journey.send(.routeHandled)
        harness.journey.send(.open(.privacyPolicy))
        #expect(harness.state.route == .privacyPolicy)
        harness.journey.send(.routeHandled)
        harness.journey.send(.open(.customerSupport))
        harness.journey.send(.open(.selfExclusionRegister))
        #expect(harness.state.route == nil)
        let links = harness.analytics.events.filter { $0.name == JoinEvent.linkOpened.rawValue }.compactMap {
            $0["link"]?.stringValue
        }
        #expect(links == ["termsAndConditions", "privacyPolicy", "customerSupport", "selfExclusionRegister"])
    }

    @Test("marketing consent is recorded as ticked or not and sent with the registration")
    func marketingConsent() async throws {
        let harness = try await readyToSignUp()
        harness.journey.send(.toggle("marketingConsent"))
        #expect(harness.state.field("marketingConsent")?.value == .tick(true))
        await signUp(harness)
        #expect(await harness.backend.registrations.first?.fields["marketingConsent"] == "true")
    }
}
