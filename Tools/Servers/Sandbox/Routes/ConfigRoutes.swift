import Hummingbird
import LiveryWire

/// `GET /v2/registration/config?brand=<id>` → the brand's join form
/// definition as JSON (the shape `FormDefinition.load(json:)` reads).
enum ConfigRoutes {
    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.registrationConfig) { request, _ -> Response in
            try await services.injectFaults(.registrationConfig)
            let brand = try services.brands.brand(named: try SandboxServices.query("brand", in: request))
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: brand.definitionJSON)))
        }
    }
}
