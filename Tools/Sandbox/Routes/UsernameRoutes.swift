import Hummingbird

/// `GET /v2/client/check-username?brand=<id>&username=<name>` →
/// `{"username": "<name>", "available": true|false}`; a name is taken when
/// it is reserved or registered with the brand, ignoring case.
enum UsernameRoutes {
    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.get("/v2/client/check-username") { request, _ -> Response in
            try await services.injectFaults(.checkUsername)
            let brandName = try SandboxServices.query("brand", in: request)
            let username = try SandboxServices.query("username", in: request)
            let brand = try services.brands.brand(named: brandName)
            let taken = try await services.store.isUsernameTaken(username, brand: brand.id)
            return try JSONAnswer.response(Answer(username: username, available: !taken))
        }
    }

    private struct Answer: Encodable {
        let username: String
        let available: Bool
    }
}
