import LiveryCore
import Testing

@Suite("PersonalDataFilter")
struct PersonalDataFilterTests {
    let filter = PersonalDataFilter()

    @Test(arguments: [
        "password", "Password", "newPassword", "confirm_password", "PASS-WORD", "pass word",
        "passwd", "pwd", "user_passcode", "client_secret", "SECRET", "pa_ss_wo_rd", "PASSWORD🙂", "pass🙂word",
        "Kennwort-pwd",
    ])
    func keysNamingASecretAreRecognised(key: String) {
        #expect(PersonalDataFilter.isSecretKey(key))
    }

    @Test(arguments: ["email", "field", "screen", "brand", "phone", "pass", "word", "passport_expiry", "", "pässword"])
    func ordinaryKeysAreNotSecret(key: String) {
        #expect(!PersonalDataFilter.isSecretKey(key))
    }

    @Test func removingSecretsKeepsPersonalAndGeneralData() {
        let filtered = filter.removingSecrets(from: .loaded)
        #expect(filtered.keys == ["dob", "email", "field", "given_name", "phone", "step", "street", "username"])
        #expect(!filtered.carriesLoadedSecret)
        #expect(filter.transform(.loaded) == filtered)
    }

    @Test func aMislabelledPasswordMarkedGeneralIsDropped() {
        let event = AnalyticsEvent("x", ["password": "hunter2", "field": "password"])
        let filtered = filter.removingSecrets(from: event)
        #expect(filtered["password"] == nil)
        #expect(filtered["field"] == "password", "a value that merely names a field is not a secret")
    }

    @Test func aCopyKeepsOnlyPermittedPersonalKinds() {
        let copy = filter.copy(of: .loaded, permitting: [.email])
        #expect(copy.keys == ["email", "field", "step"])
        #expect(copy["email"] == "someone@example.com")
    }

    @Test func aCopyPermittingEveryKindStillHasNoSecret() {
        let copy = filter.copy(of: .loaded, permitting: Set(PersonalDataKind.allCases))
        #expect(copy.keys == ["dob", "email", "field", "given_name", "phone", "step", "street", "username"])
        #expect(!copy.carriesLoadedSecret)
    }

    @Test func removingPersonalDataLeavesOnlyGeneralProperties() {
        let stripped = filter.removingPersonalData(from: .loaded)
        #expect(stripped.keys == ["field", "step"])
        #expect(stripped.properties.values.allSatisfy { $0.sensitivity == .general })
    }

    @Test func deliverabilityFollowsSensitivityAndKey() {
        let all = Set(PersonalDataKind.allCases)
        #expect(PersonalDataFilter.isDeliverable(key: "step", property: .general(1), permitting: []))
        #expect(!PersonalDataFilter.isDeliverable(key: "pin", property: .secret("1"), permitting: all))
        #expect(!PersonalDataFilter.isDeliverable(key: "password", property: .general("x"), permitting: all))
        #expect(!PersonalDataFilter.isDeliverable(key: "phone", property: .personal(.phone, "1"), permitting: [.email]))
        #expect(PersonalDataFilter.isDeliverable(key: "phone", property: .personal(.phone, "1"), permitting: [.phone]))
    }
}
