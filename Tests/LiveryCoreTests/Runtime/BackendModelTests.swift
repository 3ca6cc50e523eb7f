import Foundation
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
        let error = BackendError.rejected([
            "username": [RuleViolation(code: "username.taken", template: "Taken")],
            "email": [],
        ])
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

@Suite("Wire shapes")
struct WireShapeTests {
    @Test("codes, names, flags and brand ids encode as plain strings; a bad brand id is rejected")
    func plainStrings() throws {
        let violation = RuleViolation(code: .lengthMin, parameters: ["minimum": "8"], template: "At least {minimum}")
        let json = String(decoding: try JSONEncoder.sorted.encode(violation), as: UTF8.self)
        #expect(json == #"{"code":"length.min","message":"At least 8","parameters":{"minimum":"8"}}"#)
        #expect(try JSONDecoder().decode(RuleViolation.self, from: Data(json.utf8)) == violation)
        let wire = try JSONEncoder.sorted.encode([FieldName("email")])
        #expect(String(decoding: wire, as: UTF8.self) == #"["email"]"#)
        #expect(try JSONDecoder().decode([FeatureFlag].self, from: Data(#"["login-native"]"#.utf8)) == [.loginNative])
        #expect(try JSONDecoder().decode([BrandID].self, from: Data(#"["alpha"]"#.utf8)).first?.rawValue == "alpha")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([BrandID].self, from: Data(#"["Not A Brand"]"#.utf8))
        }
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
