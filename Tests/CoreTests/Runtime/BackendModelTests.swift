import Testing
@testable import LiveryCore

@Suite("Backend models")
struct BackendModelTests {
    @Test("a registration's description names fields but never shows a value")
    func registrationRedacted() {
        let registration = ClientRegistration(
            brand: BrandID(rawValue: "alpha")!,
            fields: ["password": "Hunter2!", "email": "ada@example.com", "firstName": "Ada"],
            idempotencyKey: "key-1")
        let text = "\(registration)"
        #expect(text == "registration for alpha with fields email, firstName, password")
        #expect(!text.contains("Hunter2!") && !text.contains("ada@example.com"))
    }

    @Test("a rejection lists the fields the server rejected")
    func rejection() {
        let error = BackendError.rejected(["username": [RuleViolation(code: "username.taken", template: "Taken")],
                                           "email": []])
        #expect(error.description == "the account service rejected email, username")
    }

    @Test("an async closure rule runs its closure")
    func asyncClosureRule() async throws {
        let rule = AsyncCustomRule<String> { value in
            value == "taken" ? RuleViolation(code: "username.taken", template: "Taken") : nil
        }
        #expect(try await rule.check("taken")?.code == "username.taken")
        #expect(try await rule.check("free") == nil)
    }
}
