import Foundation
import JoinFormFeature
import LiveryCore
import LiveryTesting
import LiveryWire
import Testing

@Suite("client details, betslip count, registration config")
struct AccountRouteTests {
    @Test("a new client has zero details; PUT sets them and GET reads them back")
    func details() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let id = try await sandbox.createClient(fields: Registrations.australian).decoded(ClientCreated.self)
                .clientId
            let fresh = try await sandbox.get("/v2/client/\(id)/details")
            #expect(fresh.status == 200)
            expectState(
                try fresh.decoded(AccountDetails.self),
                equals: AccountDetails(balance: "0.00", pendingBetsCount: 0, promotionsBalance: 0, socialProfile: nil))
            let set = AccountDetails(
                balance: "125.50", pendingBetsCount: 2, promotionsBalance: 3,
                socialProfile: AccountDetails.Profile(nickname: "ada"))
            #expect(try await sandbox.put("/v2/client/\(id)/details", json: set).status == 200)
            let read = try await sandbox.get("/v2/client/\(id)/details")
            expectState(
                try read.decoded(AccountDetails.self),
                equals: AccountDetails(
                    balance: "125.50", pendingBetsCount: 2, promotionsBalance: 3,
                    socialProfile: AccountDetails.Profile(nickname: "ada")))
            for malformed in ["lots", "1.2.3", "-", "--5..", "1e3", " 5", "5.", ".5", "1.234", "1234567890123"] {
                let bad = try await sandbox.put(
                    "/v2/client/\(id)/details",
                    json: AccountDetails(
                        balance: malformed, pendingBetsCount: 0, promotionsBalance: 0, socialProfile: nil))
                #expect(bad.status == 400, "\(malformed)")
                #expect(bad.errorMessage == "'balance' is not a decimal amount such as 125.50", "\(malformed)")
            }
            for wellFormed in ["0", "-3", "0.5", "999999999999.99"] {
                let good = try await sandbox.put(
                    "/v2/client/\(id)/details",
                    json: AccountDetails(
                        balance: wellFormed, pendingBetsCount: 0, promotionsBalance: 0, socialProfile: nil))
                #expect(good.status == 200, "\(wellFormed)")
            }
            #expect(
                try await sandbox.get("/v2/client/\(id)/details").decoded(AccountDetails.self).balance
                    == "999999999999.99")
        }
    }

    @Test("the betslip count starts at 0 and can be set")
    func betslip() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let id = try await sandbox.createClient(fields: Registrations.australian).decoded(ClientCreated.self)
                .clientId
            #expect(try await sandbox.get("/v2/client/\(id)/betslip-count").decoded(BetslipCount.self).count == 0)
            #expect(try await sandbox.put("/v2/client/\(id)/betslip-count", json: BetslipCount(count: 3)).status == 200)
            #expect(try await sandbox.get("/v2/client/\(id)/betslip-count").decoded(BetslipCount.self).count == 3)
        }
    }

    @Test("an unknown client is 404 client.unknown")
    func unknownClient() async throws {
        try await SandboxHarness.inMemory { sandbox in
            for path in [
                "/v2/client/client-99/details", "/v2/client/client-99/betslip-count", "/v2/client/someone/details",
            ] {
                let answer = try await sandbox.get(path)
                #expect(answer.status == 404, "\(path)")
                #expect(answer.errorCode == "client.unknown", "\(path)")
            }
            #expect(
                try await sandbox.put("/v2/client/client-99/betslip-count", json: BetslipCount(count: 1)).status == 404)
        }
    }

    @Test("the registration config is the brand's form definition; unknown brand 404, missing brand 400")
    func config() async throws {
        try await SandboxHarness.inMemory { sandbox in
            let answer = try await sandbox.get("/v2/registration/config", query: ["brand": "tabnz"])
            #expect(answer.status == 200)
            let loaded = try FormDefinition.load(json: answer.body)
            #expect(loaded == (try FormDefinition.standard(for: .newZealand)))
            #expect(
                try await sandbox.get("/v2/registration/config", query: ["brand": "nobrand"]).errorCode
                    == "brand.unknown")
            #expect(try await sandbox.get("/v2/registration/config").status == 400)
        }
    }
}
