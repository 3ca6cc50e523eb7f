import Testing

/// The sandbox re-checks every payload with the brand's own form rules, so a
/// client that skipped validation gets the same rule codes the form reports.
@Suite("create-client re-validation")
struct RevalidationTests {
    private func codes(_ changes: [String: String?], brand: String = "neds") async throws -> (
        Int, String?, [String: [String]]
    ) {
        var result: (Int, String?, [String: [String]]) = (0, nil, [:])
        try await SandboxHarness.run { sandbox in
            let answer = try await sandbox.createClient(brand: brand, fields: Registrations.australian(changes))
            result = (answer.status, answer.errorCode, answer.fieldCodes)
        }
        return result
    }

    @Test("a bad email is 422 validation.failed with email.format")
    func badEmail() async throws {
        let (status, code, fields) = try await codes(["email": "ada@localhost"])
        #expect(status == 422)
        #expect(code == "validation.failed")
        #expect(fields == ["email": ["email.format"]])
    }

    @Test("a missing required field is 422 with only 'required' on it")
    func missingRequired() async throws {
        let (status, _, fields) = try await codes(["lastName": nil])
        #expect(status == 422)
        #expect(fields == ["lastName": ["required"]])
    }

    @Test("a field the form does not have is 422 field.unknown")
    func unknownField() async throws {
        let (status, _, fields) = try await codes(["favouriteHorse": "Phar Lap"])
        #expect(status == 422)
        #expect(fields == ["favouriteHorse": ["field.unknown"]])
    }

    @Test("several broken rules are all reported, per field, composite children included")
    func several() async throws {
        let (status, _, fields) = try await codes([
            "dateOfBirth": "22/11/2015", "password": "short", "address.postcode": "30",
            "depositLimit": nil, "marketingConsent": "maybe",
        ])
        #expect(status == 422)
        #expect(fields["dateOfBirth"] == ["age.minimum"])
        #expect(fields["password"]?.contains("password.strength") == true)
        #expect(fields["address.postcode"] == ["postcode.format"])
        #expect(fields["depositLimit"]?.isEmpty == false)
        #expect(fields["marketingConsent"] == ["field.notTick"])
    }

    @Test("an invalid payload with a taken username is 422 for the rules, not 409")
    func rulesBeforeUsername() async throws {
        let (status, code, fields) = try await codes(["username": "punter", "email": "nope"])
        #expect(status == 422)
        #expect(code == "validation.failed")
        #expect(fields["username"] == nil)
    }
}
