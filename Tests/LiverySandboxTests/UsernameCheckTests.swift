import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

@Suite("check-username")
struct UsernameCheckTests {
    @Test("a free name is available; a reserved one is not, ignoring case")
    func availability() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let free = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "fresh_name"])
            #expect(free.status == 200)
            #expect(try free.decoded(UsernameAvailability.self).username == "fresh_name")
            #expect((try free.decoded(UsernameAvailability.self).available) == true)
            let reserved = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "PUNTER"])
            #expect(reserved.status == 200)
            #expect((try reserved.decoded(UsernameAvailability.self).available) == false)
        }
    }

    @Test("a created client's name is taken for that brand, ignoring case, and free for another brand")
    func takenAfterCreation() async throws {
        try await SandboxHarness.inMemory { sandbox in
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            let same = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "Neds", "username": "AdaLove"])
            #expect((try same.decoded(UsernameAvailability.self).available) == false)
            let other = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "ladbrokes", "username": "adalove"])
            #expect((try other.decoded(UsernameAvailability.self).available) == true)
        }
    }

    @Test("a missing parameter is 400 request.invalid naming it; an unknown brand is 404 brand.unknown")
    func errors() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let noName = try await sandbox.get("/v2/client/check-username", query: ["brand": "neds"])
            #expect(noName.status == 400)
            #expect(noName.errorCode == "request.invalid")
            #expect(noName.errorMessage?.contains("username") == true)
            let noBrand = try await sandbox.get("/v2/client/check-username", query: ["username": "someone"])
            #expect(noBrand.status == 400)
            #expect(noBrand.errorMessage?.contains("brand") == true)
            let unknown = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "nobrand", "username": "someone"])
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "brand.unknown")
            #expect(unknown.errorMessage?.contains("neds") == true)
        }
    }

    /// Names registration refuses: the check must refuse them with the same codes.
    static let hostileNames = [
        "\u{0}nul", "😀\u{202E}evil", "' OR 1=1 --", "%zz%", "a b", String(repeating: "a", count: 200),
        "ab", "Аdаlоvе",
    ]

    @Test("for every brand, check-username and registration give a name the same codes")
    func agreesWithRegistration() async throws {
        try await SandboxHarness.inMemory { sandbox in
            for brand in try SandboxHarness.brands {
                let fields = brand.manifest.market == .australia ? Registrations.australian : Registrations.newZealand
                for name in Self.hostileNames {
                    let label = "\(brand.manifest.id) \(name.prefix(16).debugDescription)"
                    let check = try await sandbox.get(
                        "/v2/client/check-username",
                        query: ["brand": brand.manifest.id.rawValue, "username": name])
                    #expect(check.status == 200, "\(label)")
                    let availability = try check.decoded(UsernameAvailability.self)
                    #expect(availability.available == false, "\(label)")
                    let codes = (availability.violations ?? []).map(\.code)
                    #expect(availability.reason == codes.first, "\(label)")
                    let created = try await sandbox.createClient(
                        brand: brand.manifest.id.rawValue,
                        fields: fields.merging(["username": name]) { $1 })
                    #expect(created.status == 422, "\(label)")
                    #expect(created.fieldCodes["username"] == codes, "\(label)")
                    #expect(!codes.isEmpty, "\(label)")
                }
                // Beyond the contract's 200 characters the question itself is refused; registration still says why.
                let long = try await sandbox.get(
                    "/v2/client/check-username",
                    query: ["brand": brand.manifest.id.rawValue, "username": String(repeating: "a", count: 60_000)])
                #expect(long.status == 400)
                #expect(long.errorCode == "request.invalid")
            }
        }
    }

    @Test("a name the brand's rules refuse says why: username.characters before anything else")
    func reason() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.get(
                "/v2/client/check-username", query: ["brand": "neds", "username": "' OR 1=1 --"])
            #expect((try answer.decoded(UsernameAvailability.self).available) == false)
            #expect((try answer.decoded(UsernameAvailability.self).reason) == "username.characters")
        }
    }

    @Test("a look-alike of a registered name is taken: l, I and 1 read alike, so do O and 0")
    func lookAlikes() async throws {
        try await SandboxHarness.inMemory { sandbox in
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            for name in ["ADA1OVE", "AdaL0ve", "adaIove"] {
                let answer = try await sandbox.get(
                    "/v2/client/check-username", query: ["brand": "neds", "username": name])
                #expect((try answer.decoded(UsernameAvailability.self).available) == false, "\(name)")
                #expect((try answer.decoded(UsernameAvailability.self).reason) == "username.taken", "\(name)")
            }
            let lookAlike = Registrations.australian([
                "username": "ADA1OVE", "email": "other@example.com", "mobile": "0412 000 111",
            ])
            let created = try await sandbox.createClient(fields: lookAlike)
            #expect(created.status == 409)
            #expect(created.fieldCodes["username"] == ["username.taken"])
        }
    }
}
