import Foundation
import LiveryComposition
import LiveryCore
import LiveryWire

/// Gives a scenario a world of its own on a sandbox: made from the part of
/// its `given:` that lives on the server (the day, existing accounts, taken
/// usernames, register entries and faults), named in every request the run
/// sends, re-seeded when a step changes the faults, and deleted after the
/// scenario. The session, betslip and flags stay with the app (the scenario's world).
struct SandboxSeeding: Sendable {
    let backend: ScenarioBackend

    /// Why a world could not be made or seeded.
    enum Failure: Error, CustomStringConvertible {
        /// The sandbox does not serve seeding or worlds (started without `--allow-seeding`).
        case notAllowed(String)
        /// The sandbox answered, and refused.
        case refused(String)
        /// No answer came: the sandbox could not be reached, or did not answer in time.
        case unreachable(String)

        var description: String {
            switch self {
            case .notAllowed(let address):
                "the sandbox at \(address) does not allow seeding; start it with `livery sandbox --allow-seeding`"
            case .refused(let reason): "the sandbox refused the scenario's world: \(reason)"
            case .unreachable(let reason): "the sandbox did not answer: \(reason)"
            }
        }
    }

    /// Makes a world for a scenario of `brand` starting from `given`; its id.
    func createWorld(brand: String, _ given: Given) async throws(Failure) -> String {
        let response = try await post(.createWorld, body(brand: brand, given, faults: given.faults), world: nil)
        guard response.status == 201 else { throw failure(of: response) }
        guard let created = try? JSONDecoder().decode(WorldCreated.self, from: response.body) else {
            throw .refused("the answer to POST /sandbox/worlds names no world")
        }
        return created.world
    }

    /// Seeds `given` for `brand` into `world` (the default world when `nil`),
    /// with `faults` in place of the given ones when told.
    func seed(brand: String, _ given: Given, faults: FaultPlan? = nil, world: String? = nil) async throws(Failure) {
        let response = try await post(.seed, body(brand: brand, given, faults: faults ?? given.faults), world: world)
        guard response.status == 200 else { throw failure(of: response) }
    }

    /// The clients registrations of `brand` created in `world`, as the server stored them.
    func registeredClients(world: String, brand: String) async throws(Failure) -> [StoredClient] {
        let route = WireRoute.registeredClients
        let response: JSONClient.Response
        do {
            response = try await backend.client.send(
                route.method, route.path(), headers: tokenHeader.merging([WireHeader.world: world]) { $1 })
        } catch {
            throw .unreachable(error.description)
        }
        guard response.status == 200 else { throw failure(of: response) }
        guard let answer = try? JSONDecoder().decode(RegisteredClients.self, from: response.body) else {
            throw .refused("the answer to GET /sandbox/clients is not a list of clients")
        }
        return answer.clients.filter { $0.brand == brand }.map { StoredClient(id: $0.clientId, fields: $0.fields) }
    }

    /// Deletes `world` and everything it holds; a world already gone is no failure.
    func deleteWorld(_ world: String) async {
        let route = WireRoute.deleteWorld
        _ = try? await backend.client.send(route.method, route.path(["worldId": world]), headers: tokenHeader)
    }

    private func body(brand: String, _ given: Given, faults: FaultPlan) throws(Failure) -> Data {
        let seed = SeedRequest(
            brand: brand, today: given.today?.description,
            existingAccounts: given.existingAccounts.map {
                SeedRequest.Account(email: $0.email, mobile: $0.mobile, username: $0.username)
            },
            takenUsernames: given.takenUsernames,
            selfExcluded: given.selfExcluded.map {
                SeedRequest.Person(
                    firstName: $0.firstName, lastName: $0.lastName, dateOfBirth: $0.dateOfBirth.description)
            },
            faults: faults.specs)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(seed)
        } catch {
            throw .refused("the world could not be encoded")
        }
    }

    private func post(_ route: WireRoute, _ body: Data, world: String?) async throws(Failure) -> JSONClient.Response {
        do {
            return try await backend.client.send(
                route.method, route.path(), body: body,
                headers: tokenHeader.merging(world.map { [WireHeader.world: $0] } ?? [:]) { $1 })
        } catch {
            throw .unreachable(error.description)
        }
    }

    /// The seeding token, when the run has one.
    private var tokenHeader: [String: String] {
        backend.seedingToken.map { [WireHeader.seedingToken: $0] } ?? [:]
    }

    private func failure(of response: JSONClient.Response) -> Failure {
        let error = (try? JSONDecoder().decode(ErrorAnswer.self, from: response.body))?.error
        // Without seeding the routes are not there at all.
        if response.status == 404, error?.code == "route.unknown" {
            return .notAllowed(backend.server.baseURL.absoluteString)
        }
        var message = error?.message
        if error?.code == "seed.forbidden" {
            message =
                (message ?? "seeding refused")
                + " (set \(ScenarioBackend.seedingTokenVariable) to a seeding token the sandbox was started with)"
        }
        return .refused("HTTP \(response.status)" + (message.map { ": \($0)" } ?? ""))
    }
}
