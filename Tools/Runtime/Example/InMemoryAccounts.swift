import Foundation
import LiveryCore

/// An app's own account service: here one that keeps its clients in memory,
/// as an app's demo mode would; a real one calls the app's backend through
/// the app's own networking. All the composition root needs is the two
/// calls of ``AccountBackend``, each naming its brand, and failures as
/// ``BackendError``s the journey knows how to show.
actor InMemoryAccounts: AccountBackend {
    /// Usernames taken, by brand, lowercased.
    private var usernames: [BrandID: Set<String>] = [:]
    /// Emails of clients, by brand, lowercased.
    private var emails: [BrandID: Set<String>] = [:]
    /// The client made for each idempotency key, and the details it was made from.
    private var made: [String: (fields: [String: String], client: CreatedClient)] = [:]

    func checkUsername(_ username: String, for brand: BrandID) throws(BackendError) -> UsernameVerdict {
        guard (3...30).contains(username.count) else {
            return .unavailable([RuleViolation(code: "length.range", template: "Use 3 to 30 characters.")])
        }
        let taken = usernames[brand, default: []].contains(username.lowercased())
        return taken
            ? .unavailable([RuleViolation(code: UsernameVerdict.takenCode, template: "That username is taken.")])
            : .available
    }

    func createClient(_ registration: ClientRegistration) throws(BackendError) -> CreatedClient {
        // A repeated request (the same key) gets the same client; the same key for other details is refused.
        if let earlier = made[registration.idempotencyKey] {
            guard earlier.fields == registration.fields else { throw .idempotencyMismatch }
            return earlier.client
        }
        let brand = registration.brand
        let username = registration.fields["username", default: ""].lowercased()
        let email = registration.fields["email", default: ""].lowercased()
        if !email.isEmpty, emails[brand, default: []].contains(email) { throw .accountExists }
        if usernames[brand, default: []].contains(username) {
            throw .rejected([
                "username": [RuleViolation(code: UsernameVerdict.takenCode, template: "That username is taken.")]
            ])
        }
        usernames[brand, default: []].insert(username)
        if !email.isEmpty { emails[brand, default: []].insert(email) }
        let client = CreatedClient(clientID: "\(brand)-\(made.count + 1)")
        made[registration.idempotencyKey] = (registration.fields, client)
        return client
    }
}
