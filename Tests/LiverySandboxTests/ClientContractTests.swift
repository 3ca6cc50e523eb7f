import Foundation
import JoinFormFeature
import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

/// The app's own HTTP clients against the sandbox: both sides of the contract agree.
@Suite("the app's HTTP clients against the sandbox")
struct ClientContractTests {
    private static let neds = BrandID(rawValue: "neds")!

    @Test("account backend: username check, create (with a replayed key), 422, 409 and 403 map to the client's errors")
    func accountBackend() async throws {
        try await SandboxHarness.run { sandbox in
            let backend = HTTPAccountBackend(HTTPServiceConfiguration(baseURL: sandbox.baseURL))
            #expect(try await backend.checkUsername("punter", for: Self.neds).isAvailable == false)
            #expect(try await backend.checkUsername("adalove", for: Self.neds).isAvailable == true)
            let registration = ClientRegistration(
                brand: Self.neds, fields: Registrations.australian, idempotencyKey: "contract-1")
            let created = try await backend.createClient(registration)
            #expect(try await backend.createClient(registration) == created)
            #expect(try await backend.checkUsername("ADALOVE", for: Self.neds).isAvailable == false)

            let badEmail = ClientRegistration(
                brand: Self.neds, fields: Registrations.australian(["email": "x", "username": "other1"]),
                idempotencyKey: "contract-2")
            await #expect { try await backend.createClient(badEmail) } throws: { error in
                guard case BackendError.rejected(let fields) = error else { return false }
                return fields[FieldName("email")]?.map(\.code) == [.emailFormat]
            }
            let taken = ClientRegistration(
                brand: Self.neds,
                fields: Registrations.australian(
                    ["email": "another@example.com", "mobile": "0499 999 999"]), idempotencyKey: "contract-3")
            await #expect { try await backend.createClient(taken) } throws: { error in
                guard case BackendError.rejected(let fields) = error else { return false }
                return fields[FieldName("username")]?.map(\.code) == ["username.taken"]
            }
            let again = ClientRegistration(
                brand: Self.neds,
                fields: Registrations.australian(
                    ["email": "ADA@example.com", "username": "ada_again"]), idempotencyKey: "contract-5")
            await #expect(throws: BackendError.accountExists) { try await backend.createClient(again) }
            let sameMobile = ClientRegistration(
                brand: Self.neds,
                fields: Registrations.australian(
                    ["email": "ada2@example.com", "mobile": "+61 412 345 678", "username": "ada_mobile"]),
                idempotencyKey: "contract-6")
            await #expect(throws: BackendError.accountExists) { try await backend.createClient(sameMobile) }
            let excluded = ClientRegistration(
                brand: Self.neds,
                fields: Registrations.australian(
                    [
                        "firstName": "Sam", "lastName": "Excluded", "dateOfBirth": "01/01/1990",
                        "username": "sam_excluded",
                        "email": "sam@example.com", "mobile": "0400 000 001",
                    ]),
                idempotencyKey: "contract-4")
            await #expect(throws: BackendError.selfExcluded) { try await backend.createClient(excluded) }
        }
    }

    @Test("session client reads details and betslip count; the form definition loads from the server")
    func sessionAndConfig() async throws {
        try await SandboxHarness.run { sandbox in
            let configuration = HTTPServiceConfiguration(baseURL: sandbox.baseURL)
            let id = try await sandbox.createClient(fields: Registrations.australian).decoded(ClientCreated.self)
                .clientId
            _ = try await sandbox.put(
                "/v2/client/\(id)/details",
                json: AccountDetails(
                    balance: "125.50", pendingBetsCount: 2, promotionsBalance: 3,
                    socialProfile: AccountDetails.Profile(nickname: "ada")))
            _ = try await sandbox.put("/v2/client/\(id)/betslip-count", json: ["count": 5])
            let client = ClientDetailsReader(configuration)
            let details = try await client.details(of: id)
            #expect(
                details
                    == ClientDetails(
                        balance: Decimal(string: "125.50")!, pendingBetsCount: 2,
                        socialProfile: SocialProfile(nickname: "ada"), promotionsBalance: 3))
            #expect(try await client.betslipCount(of: id) == 5)
            let definition = try await HTTPFormDefinitionSource(configuration).definition(for: Self.neds)
            #expect(definition == (try FormDefinition.standard(for: .australia)))
        }
    }
}
