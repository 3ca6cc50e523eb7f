import Foundation
import Hummingbird
import JoinFormFeature
import LiveryComposition
import LiveryCore
import LiveryWire

/// `POST /sandbox/seed`: sets up the world a scenario's `given:` describes,
/// served only when the sandbox was started with seeding allowed
/// (`livery sandbox --allow-seeding`; 404 `route.unknown` otherwise) and only
/// to peers ``SeedingGate`` admits: this machine, or the holders of a seeding
/// token (403 `seed.forbidden` otherwise).
///
/// ```json
/// {"brand": "neds", "today": "2026-06-01",
///  "existingAccounts": [{"email": "pat@example.com", "mobile": "0412 345 678", "username": "pat"}],
///  "takenUsernames": ["alex_c"],
///  "selfExcluded": [{"firstName": "Sam", "lastName": "Excluded", "dateOfBirth": "1990-01-01"}],
///  "faults": ["create-client=timeout"]}
/// ```
///
/// Every key but `brand` is optional. `today` and `faults` replace the
/// previous seed's (a seed without them goes back to the system's date and
/// the faults the sandbox was started with); accounts, usernames and register
/// entries are added to what is stored (each once). A bad value is a 400
/// naming it, and nothing is changed. Answers 200 with what was seeded.
///
/// It seeds the request's world: the one its `Livery-World` header names
/// (403 `world.forbidden` when another token made it), else the default
/// world (which only this machine seeds, on a sandbox without seeding tokens).
enum SeedRoutes {
    /// The most entries of each kind one seed may hold.
    static let maxEntries = WireLimits.seedEntries

    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.seed) { request, context -> Response in
            let owner = try services.seeding.owner(of: request, context: context)
            try SeedingGate.check(owner, mayChange: services.world(of: context))
            var request = request
            let seed = try await JSONBody.decode(SeedRequest.self, from: &request, limit: services.maxBodyBytes)
            let brand = try services.brands.brand(named: seed.brand)
            let checked = try check(seed, in: brand.market)
            let seeded = try await apply(checked, brand: brand, to: services.world(of: context).id, services: services)
            return try JSONAnswer.response(seeded)
        }
        // What the world's registrations stored, for runs that check the far side: personal data, so only
        // to those who may seed the world.
        router.on(.registeredClients) { request, context -> Response in
            let owner = try services.seeding.owner(of: request, context: context)
            let world = services.world(of: context)
            try SeedingGate.check(owner, mayChange: world)
            let stored = try await services.store.registeredClients(in: world.id, limit: RegisteredClients.limit)
            let clients = try stored.map { client in
                RegisteredClients.Client(
                    clientId: "client-\(client.id)", brand: client.brand,
                    fields: try JSONDecoder().decode([String: String].self, from: Data(client.fieldsJSON.utf8)))
            }
            return try JSONAnswer.response(RegisteredClients(clients: clients))
        }
    }

    /// A seed's values, checked.
    struct Checked: Sendable {
        let today: CalendarDay?
        let accounts: [ExistingAccount]
        let takenUsernames: [String]
        let register: [SelfExcludedPerson]
        let faults: FaultPlan
    }

    /// Seeds `world` with `checked` for `brand`: what was seeded.
    static func apply(
        _ checked: Checked, brand: SandboxBrand, to world: WorldID,
        services: SandboxServices
    ) async throws -> Seeded {
        try await services.store.reserveUsernames(checked.takenUsernames, in: world)
        let added = try await services.store.insertExistingAccounts(
            checked.accounts, brand: brand.id, market: brand.market, in: world)
        try await services.store.addToRegister(checked.register, in: world)
        try await services.worlds.seed(world, today: checked.today, faults: checked.faults)
        return Seeded(
            brand: brand.id.rawValue, today: checked.today?.description, existingAccounts: added,
            takenUsernames: checked.takenUsernames.count, selfExcluded: checked.register.count,
            faults: checked.faults.specs)
    }

    /// The seed's values, checked before anything changes.
    static func check(_ seed: SeedRequest, in market: Market) throws(APIError) -> Checked {
        for (name, count) in [
            ("existingAccounts", seed.existingAccounts?.count), ("takenUsernames", seed.takenUsernames?.count),
            ("selfExcluded", seed.selfExcluded?.count), ("faults", seed.faults?.count),
        ] where (count ?? 0) > maxEntries {
            throw invalid("'\(name)' holds more than \(maxEntries) entries")
        }
        var today: CalendarDay?
        if let text = seed.today {
            guard let day = CalendarDay(iso: text) else {
                throw invalid("'today' is not a date (yyyy-mm-dd) that exists: '\(text)'")
            }
            today = day
        }
        var accounts: [ExistingAccount] = []
        for (index, account) in (seed.existingAccounts ?? []).enumerated() {
            let identity = AccountIdentity(email: account.email, mobile: account.mobile, in: market)
            guard identity.emailKey != nil || identity.mobileKey != nil else {
                throw invalid("'existingAccounts[\(index)]' needs an email or a mobile number of \(market.name)")
            }
            accounts.append(ExistingAccount(email: account.email, mobile: account.mobile, username: account.username))
        }
        var register: [SelfExcludedPerson] = []
        for (index, person) in (seed.selfExcluded ?? []).enumerated() {
            guard let day = CalendarDay(iso: person.dateOfBirth) else {
                throw invalid(
                    "'selfExcluded[\(index)].dateOfBirth' is not a date (yyyy-mm-dd) that exists: '\(person.dateOfBirth)'"
                )
            }
            register.append(
                SelfExcludedPerson(firstName: person.firstName, lastName: person.lastName, dateOfBirth: day))
        }
        let faults: FaultPlan
        do {
            faults = try FaultPlan.parse(faults: seed.faults ?? [])
        } catch {
            throw invalid("'faults': \(error)")
        }
        let texts =
            (seed.takenUsernames ?? []) + accounts.flatMap { [$0.email, $0.mobile, $0.username].compactMap { $0 } }
            + register.flatMap { [$0.firstName, $0.lastName] }
        if let long = texts.first(where: { $0.unicodeScalars.count > WireLimits.text }) {
            throw invalid("a value is longer than 200 characters: '\(long.prefix(20))…'")
        }
        return Checked(
            today: today, accounts: accounts, takenUsernames: seed.takenUsernames ?? [], register: register,
            faults: faults)
    }

    private static func invalid(_ message: String) -> APIError {
        APIError(.badRequest, code: .seedInvalid, message: message)
    }

}
