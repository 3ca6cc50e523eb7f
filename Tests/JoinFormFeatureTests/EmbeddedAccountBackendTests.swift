import Foundation
import LiveryCore
import LiveryTesting
import Testing

@testable import JoinFormFeature

@Suite("Embedded account service")
struct EmbeddedAccountBackendTests {
    private static let neds = BrandID(rawValue: "neds")!
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let brand = BrandID(rawValue: "test-brand")!

    static let definition = try! FormDefinition.load(
        json: Data(
            #"""
            {"fields": [
                {"name": "firstName", "inputType": "Text", "validate": {"mandatory": true, "maxLength": 50}},
                {"name": "lastName", "inputType": "Text", "validate": {"mandatory": true, "maxLength": 50}},
                {"name": "dateOfBirth", "inputType": "Date", "validate": {"mandatory": true, "custom": [{"rule": "minimumAge", "years": 18}]}},
                {"name": "email", "inputType": "Email", "validate": {"mandatory": true, "custom": [{"rule": "email"}]}},
                {"name": "username", "inputType": "Text", "validate": {"mandatory": true, "minLength": 6, "maxLength": 20}},
                {"name": "password", "inputType": "Password", "validate": {"mandatory": true, "custom": [{"rule": "passwordStrength"}]}},
                {"name": "marketing", "inputType": "Checkbox"}
            ]}
            """#.utf8))

    static let valid: [String: String] = [
        "firstName": "Ada", "lastName": "Lovelace", "dateOfBirth": "10/12/1990", "email": "ada@example.com",
        "username": "adalove", "password": "Analytical1", "marketing": "false",
    ]

    private func backend(taken: Set<String> = [], register: [SelfExcludedPerson]? = nil) -> EmbeddedAccountBackend {
        EmbeddedAccountBackend(
            definition: Self.definition,
            environment: RuleEnvironment(market: .australia, wallClock: .fixed(Self.today)),
            takenUsernames: taken, selfExclusionRegister: register)
    }

    private func registration(_ fields: [String: String], key: String = UUID().uuidString) -> ClientRegistration {
        ClientRegistration(brand: Self.brand, fields: fields, idempotencyKey: key)
    }

    private func rejection(_ service: EmbeddedAccountBackend, _ fields: [String: String]) async -> [FieldName:
        [RuleCode]]?
    {
        do {
            _ = try await service.createClient(registration(fields))
            return nil
        } catch {
            guard case .rejected(let byField) = error else { return nil }
            return byField.mapValues { $0.map(\.code) }
        }
    }

    @Test("username availability ignores case and look-alikes")
    func availability() async throws {
        let service = backend(taken: ["Punter99"])
        #expect(
            try await service.checkUsername("punter99", for: Self.neds)
                == .unavailable([RegistrationValidator.usernameTaken]))
        #expect(try await service.checkUsername("PUNTER99", for: Self.neds).isAvailable == false)
        #expect(try await service.checkUsername("punter100", for: Self.neds).isAvailable == true)
        #expect(try await service.checkUsername("Punter99x", for: Self.neds).isAvailable == true)
    }

    @Test("the check applies the form's username rules first and names the ones a name breaks")
    func checkAppliesRules() async throws {
        let service = backend(taken: ["Punter99"])
        #expect(try await service.checkUsername("abc", for: Self.neds).reasons.map(\.code) == ["length.range"])
        #expect(
            try await service.checkUsername(String(repeating: "a", count: 60_000), for: Self.neds).reasons.map(\.code)
                == ["length.range"])
        #expect(try await service.checkUsername("", for: Self.neds).reasons.map(\.code) == ["required"])
        // The check and registration give the same codes for the same name.
        for name in ["abc", String(repeating: "z", count: 21), "", "Punter99"] {
            let checked = try await service.checkUsername(name, for: Self.neds).reasons.map(\.code)
            let registered = await rejection(service, Self.valid.merging(["username": name]) { $1 })
            #expect(registered?["username"] == checked, "\(name.prefix(24))")
        }
    }

    @Test("a look-alike of a registered name cannot be registered")
    func lookAlikeRegistration() async throws {
        let service = backend()
        _ = try await service.createClient(registration(Self.valid))
        let other = Self.valid.merging(["username": "ADA1OVE", "email": "other@example.com"]) { $1 }
        #expect(await rejection(service, other) == ["username": ["username.taken"]])
        #expect(try await service.checkUsername("AdaL0ve", for: Self.neds).reasons.map(\.code) == ["username.taken"])
    }

    @Test("a valid registration creates a client, reserves the username and keeps no password")
    func creates() async throws {
        let service = backend()
        let client = try await service.createClient(registration(Self.valid))
        #expect(client.clientID == "client-1")
        #expect(try await service.checkUsername("ADALOVE", for: Self.neds).isAvailable == false)
        let stored = try #require(service.clients.first)
        #expect(stored.fields["password"] == nil)
        #expect(stored.fields["email"] == "ada@example.com")
    }

    @Test("a retried request with the same idempotency key creates exactly one client")
    func idempotent() async throws {
        let service = backend()
        let first = try await service.createClient(registration(Self.valid, key: "retry-1"))
        let retry = try await service.createClient(registration(Self.valid, key: "retry-1"))
        #expect(first == retry)
        #expect(service.clients.count == 1)
    }

    @Test("a key used again for other details is refused as a mismatch, and no second client is made")
    func keyBoundToItsRequest() async throws {
        let service = backend()
        _ = try await service.createClient(registration(Self.valid, key: "bound-1"))
        var other = Self.valid
        other["firstName"] = "Grace"
        await #expect(throws: BackendError.idempotencyMismatch) {
            _ = try await service.createClient(registration(other, key: "bound-1"))
        }
        #expect(service.clients.count == 1)
    }

    @Test("a payload that bypassed client validation is rejected with rule codes per field")
    func revalidates() async {
        var bad = Self.valid
        bad["email"] = "ada@localhost"
        bad["dateOfBirth"] = "22/11/2008"
        bad["password"] = "short"
        bad.removeValue(forKey: "lastName")
        let codes = await rejection(backend(), bad)
        #expect(
            codes == [
                "email": [.emailFormat], "dateOfBirth": [.ageMinimum], "password": [.passwordStrength],
                "lastName": [.required],
            ])
    }

    @Test("unknown fields and text where a tick belongs are rejected by name")
    func shapeProblems() async {
        var odd = Self.valid
        odd["nickname"] = "ada"
        odd["marketing"] = "yes"
        #expect(await rejection(backend(), odd) == ["nickname": ["field.unknown"], "marketing": ["field.notTick"]])
    }

    @Test("a taken username is rejected on its field, lands on the form and clears on edit")
    func takenUsername() async throws {
        let service = backend(taken: ["adalove"])
        let codes = await rejection(service, Self.valid)
        #expect(codes == ["username": ["username.taken"]])

        var form = Self.definition.makeForm(in: RuleEnvironment(market: .australia, wallClock: .fixed(Self.today)))
        let username = FieldKey<String>("username")
        form.setValue("adalove", for: username)
        form.leave("username")
        #expect(form.status(of: "username") == .valid)
        form.applyServerViolations([
            "username": [RuleViolation(code: "username.taken", template: "That username is taken.")]
        ])
        #expect(form.status(of: "username")?.violations.map(\.code) == ["username.taken"])
        form.setValue("adalove2", for: username)
        form.leave("username")
        #expect(form.status(of: "username") == .valid)
    }

    @Test("a person on the register gets no account; without a register the same person joins")
    func selfExclusion() async throws {
        let listed = SelfExcludedPerson(
            firstName: " ada ", lastName: "LOVELACE", dateOfBirth: CalendarDay(year: 1990, month: 12, day: 10)!)
        let checking = backend(register: [listed])
        await #expect(throws: BackendError.selfExcluded) { try await checking.createClient(registration(Self.valid)) }
        #expect(checking.clients.isEmpty)
        #expect(
            try await checking.checkUsername("adalove", for: Self.neds).isAvailable,
            "a refused applicant reserves nothing")

        var sibling = Self.valid
        sibling["firstName"] = "Augusta"
        #expect(try await checking.createClient(registration(sibling)).clientID == "client-1")

        let notChecking = backend(register: nil)
        #expect(try await notChecking.createClient(registration(Self.valid)).clientID == "client-1")
    }
}
