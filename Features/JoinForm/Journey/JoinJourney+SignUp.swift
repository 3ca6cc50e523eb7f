import AddressLookupFeature
import Foundation
import LiveryCore

extension JoinJourney {
    /// Creates the client from the walked form: success routes to the next
    /// screen; a failure keeps every value and shows the system alert
    /// (rejected details are also marked on their fields); a person on the
    /// self-exclusion register gets their own alert; a person who already has
    /// an account is sent to log in, natively or not by the `login-native`
    /// flag. The form stays loading until the account service answers.
    mutating func signUp() {
        let fields: [String: String]
        do {
            fields = try registrationFields()
        } catch {
            // The walk found every field valid, so this means a field changed underneath it.
            if let field = error.field { show(field) }
            state.isLoading = false
            return
        }
        let registration = ClientRegistration(brand: brand, fields: fields, idempotencyKey: idempotencyKey(for: fields))
        let backend = services.backend
        outbox.append(
            .run(Self.signUpID) {
                do throws(BackendError) {
                    return JoinFeedback(kind: .signedUp(.success(try await backend.createClient(registration))))
                } catch {
                    return JoinFeedback(kind: .signedUp(.failure(error)))
                }
            })
    }

    /// Takes the account service's answer: see ``signUp()``.
    mutating func finishSignUp(_ result: Result<CreatedClient, BackendError>) {
        state.isLoading = false
        switch result {
        case .success(let client):
            state.createdClient = client
            state.route = .signedUp(client)
            track(.signUp, ["outcome": .string("created")])
        case .failure(let error):
            handleSignUpFailure(error)
        }
    }

    /// The registration entries: every submitted field as text (ticks as
    /// `true`/`false`) and the composite fields' children as `parent.child`.
    func registrationFields() throws(FormSubmissionError) -> [String: String] {
        let submitted = try model.form.submission()
        var fields: [String: String] = [:]
        for name in submitted.names {
            switch submitted.value(named: name) {
            case let text as String: fields[name.rawValue] = text
            case let tick as Bool: fields[name.rawValue] = String(tick)
            default: break
            }
        }
        if let name = model.depositLimitName, let depositLimit = state.depositLimit {
            fields.merge(depositLimit.registrationFields(prefix: name.rawValue)) { _, child in child }
        }
        if let name = model.addressName, let address = state.address?.address {
            fields.merge(Self.registrationFields(of: address, prefix: name.rawValue)) { _, child in child }
        }
        return fields
    }

    /// An address as `prefix.child` entries, named like the manual form's children; an empty part (a
    /// number-less address's street number) is left out, as absent as a unit the address has not.
    static func registrationFields(of address: PostalAddress, prefix: String) -> [String: String] {
        var values: [AddressPart: String] = [
            .streetNumber: address.streetNumber, .street: address.street,
            .postcode: address.postcode,
        ]
        if let unit = address.unit { values[.unit] = unit }
        values.merge(address.places) { _, place in place }
        return Dictionary(
            uniqueKeysWithValues: values.filter { !$0.value.isEmpty }.map { ("\(prefix).\($0.key.rawValue)", $0.value) }
        )
    }

    /// The same key for the same details, so a retry never creates a second
    /// client; a new key once the details change.
    private mutating func idempotencyKey(for fields: [String: String]) -> String {
        let fingerprint = fields.hashValue
        if let last = lastRegistration, last.fingerprint == fingerprint { return last.key }
        let key = UUID().uuidString
        lastRegistration = (fingerprint, key)
        return key
    }

    private mutating func handleSignUpFailure(_ error: BackendError) {
        switch error {
        case .rejected(let violations):
            track(
                .signUp,
                [
                    "outcome": .string("rejected"),
                    "reason": .string(
                        Set(violations.values.joined().map(\.code.rawValue)).sorted()
                            .joined(separator: ",")),
                ])
            placeServerViolations(violations)
        case .selfExcluded:
            track(.signUp, ["outcome": .string("self_excluded")])
            raise(settings.alerts.alert(.selfExcluded))
        case .accountExists:
            track(.signUp, ["outcome": .string("already_registered")])
            state.route = services.featureFlags.isEnabled(.loginNative) ? .nativeLogin : .legacyLogin
        case .unavailable, .timedOut, .invalidResponse, .conflict, .idempotencyMismatch:
            track(.signUp, ["outcome": .string("failed"), "reason": .string(Self.reason(error))])
            raise(settings.alerts.alert(.signUpFailed))
        }
    }

    /// Puts rejected details on their fields (a composite's children under
    /// `parent.child`), shows the first one in form order and raises the
    /// alert configured for one of the codes, or the generic one.
    private mutating func placeServerViolations(_ violations: [FieldName: [RuleViolation]]) {
        let update = model.form.applyServerViolations(violations)
        if let name = model.depositLimitName {
            let prefix = name.rawValue + "."
            let children = update.unplacedViolations.filter { $0.key.rawValue.hasPrefix(prefix) }
            state.depositLimit?.applyServerViolations(
                Dictionary(
                    uniqueKeysWithValues: children.map {
                        (FieldName(String($0.key.rawValue.dropFirst(prefix.count))), $0.value)
                    }))
        }
        let rejectedFields = Set(violations.keys.map { FieldName(String($0.rawValue.prefix { $0 != "." })) })
        if let name = model.addressName {
            let prefix = name.rawValue + "."
            model.addressViolations = update.unplacedViolations
                .filter { $0.key == name || $0.key.rawValue.hasPrefix(prefix) }
                .sorted { $0.key < $1.key }.flatMap(\.value)
        }
        if let first = model.definition.pages.flatMap(\.fieldNames).first(where: rejectedFields.contains) {
            show(first)
        }
        let codes = violations.values.joined().map(\.code)
        let alerts = settings.alerts
        if let configured = codes.lazy.compactMap({ alerts.byRuleCode[$0] }).first {
            raise(configured)
        } else {
            raise(settings.alerts.alert(.detailsRejected))
        }
    }

    private static func reason(_ error: BackendError) -> String {
        switch error {
        case .unavailable: "unavailable"
        case .timedOut: "timed_out"
        case .invalidResponse: "invalid_response"
        case .rejected: "rejected"
        case .conflict: "conflict"
        case .selfExcluded: "self_excluded"
        case .accountExists: "account_exists"
        case .idempotencyMismatch: "idempotency_mismatch"
        }
    }
}
