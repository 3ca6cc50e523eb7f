import Foundation
import Hummingbird
import LiveryComposition
import LiveryWire

/// The worlds runs make for themselves, served only where seeding is
/// allowed (`--allow-seeding`) and only to the peers ``SeedingGate`` admits
/// (this machine, or the holders of a seeding token); a world made with one
/// token is seeded and deleted only with that token:
///
/// - `POST /sandbox/worlds` with a seed body (`{"brand", "today"?,
///   "existingAccounts"?, "takenUsernames"?, "selfExcluded"?, "faults"?}`, as
///   `POST /sandbox/seed` takes it) → 201 `{"world": "<id>", …what was seeded}`:
///   a new world, starting as the default world started (the sample taken
///   usernames and register) with the seed on top. Past the cap, 429
///   `world.limit`; a bad seed value is a 400 and no world is made.
/// - `DELETE /sandbox/worlds/<id>` → 204, everything the world held deleted;
///   404 `world.unknown`, 410 `world.expired`, 403 `world.forbidden` for a world another token made.
///
/// Requests name a world with the `Livery-World: <id>` header
/// (``WorldMiddleware``); a world unused for the idle time-out is deleted.
enum WorldRoutes {
    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.createWorld) { request, context -> Response in
            let owner = try services.seeding.owner(of: request, context: context)
            var request = request
            let seed = try await JSONBody.decode(SeedRequest.self, from: &request, limit: services.maxBodyBytes)
            let brand = try services.brands.brand(named: seed.brand)
            let checked = try SeedRoutes.check(seed, in: brand.market)
            await services.sweepWorlds()
            let id = try await services.worlds.create(for: owner)
            do {
                let seeded = try await SeedRoutes.apply(checked, brand: brand, to: id, services: services)
                return try JSONAnswer.response(WorldCreated(world: id.rawValue, seeded: seeded), status: .created)
            } catch {
                _ = try? await services.store.deleteWorld(id)
                throw error
            }
        }
        router.on(.deleteWorld) { request, context -> Response in
            let owner = try services.seeding.owner(of: request, context: context)
            let id = WorldID(rawValue: context.parameters.get("worldId") ?? "")
            guard id != .standard else {
                throw APIError(.badRequest, code: .requestInvalid, message: "the default world cannot be deleted")
            }
            await services.sweepWorlds()
            try await services.worlds.delete(id, by: owner)
            return Response(status: .noContent)
        }
    }
}
