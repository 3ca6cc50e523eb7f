import Hummingbird
import JoinFormFeature
import LiveryCore
import LiveryWire

/// `GET /v2/client/check-username?brand=<id>&username=<name>` →
/// `{"username": "<name>", "available": true}`, or `"available": false` with
/// `"reason"` (the first code) and `"violations"` (every broken rule, as in a
/// 422). The brand's username rules come first — the very rules its form and
/// registration apply, so the three never disagree (`username.characters`,
/// `length.max`, …) — then whether the name, or a look-alike of it, is
/// reserved or registered with the brand (`username.taken`). A name that
/// cannot be used is a 200 answer, not an error: the question was answered.
enum UsernameRoutes {
    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.checkUsername) { request, context -> Response in
            try await services.injectFaults(.checkUsername)
            let brandName = try SandboxServices.query("brand", in: request)
            let username = try SandboxServices.query("username", in: request)
            let brand = try services.brands.brand(named: brandName)
            var reasons = brand.validator.usernameViolations(username)
            if reasons.isEmpty,
                try await services.store.isUsernameTaken(username, brand: brand.id, in: services.world(of: context).id)
            {
                reasons = [RegistrationValidator.usernameTaken]
            }
            return try JSONAnswer.response(UsernameAvailability(username: username, reasons: reasons))
        }
    }
}
