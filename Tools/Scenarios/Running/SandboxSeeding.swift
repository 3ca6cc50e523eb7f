import Foundation
import LiveryComposition
import LiveryCore

/// Tells a sandbox about the world a scenario starts in (`POST /sandbox/seed`):
/// the day, existing accounts, taken usernames, register entries and faults.
/// The session, betslip and flags stay with the app (the scenario's world).
struct SandboxSeeding: Sendable {
    let server: HTTPServiceConfiguration

    /// Why a seed did not take.
    enum Failure: Error, CustomStringConvertible {
        /// The sandbox does not serve seeding (started without `--allow-seeding`).
        case notAllowed(String)
        /// The sandbox refused the seed or could not be reached.
        case refused(String)

        var description: String {
            switch self {
            case .notAllowed(let address):
                "the sandbox at \(address) does not allow seeding; start it with `livery sandbox --allow-seeding`"
            case .refused(let reason): "the sandbox refused the scenario's world: \(reason)"
            }
        }
    }

    /// Seeds `given` for `brand`, with `faults` in place of the given ones when told.
    func seed(brand: String, _ given: Given, faults: FaultPlan? = nil) async throws(Failure) {
        var body: [String: Any] = ["brand": brand, "faults": (faults ?? given.faults).specs]
        if let today = given.today { body["today"] = today.description }
        body["existingAccounts"] = given.existingAccounts.map { account -> [String: String] in
            var entry: [String: String] = [:]
            entry["email"] = account.email
            entry["mobile"] = account.mobile
            entry["username"] = account.username
            return entry
        }
        body["takenUsernames"] = given.takenUsernames
        body["selfExcluded"] = given.selfExcluded.map {
            ["firstName": $0.firstName, "lastName": $0.lastName, "dateOfBirth": $0.dateOfBirth.description]
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        } catch {
            throw .refused("the seed could not be encoded")
        }
        let response: HTTPClient.Response
        do {
            response = try await HTTPClient(server).send("POST", "sandbox/seed", body: data)
        } catch {
            throw .refused(error.description)
        }
        switch response.status {
        case 200: return
        case 404: throw .notAllowed(server.baseURL.absoluteString)
        default:
            let message = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                .flatMap { $0["error"] as? [String: Any] }.flatMap { $0["message"] as? String }
            throw .refused("HTTP \(response.status)" + (message.map { ": \($0)" } ?? ""))
        }
    }
}
