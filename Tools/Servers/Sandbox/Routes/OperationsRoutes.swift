import Foundation
import Hummingbird
import LiveryWire

/// What a team's tooling watches, served by every sandbox:
///
/// - `GET /health` → 200 `{"status": "ready", "database": "postgres"|"sqlite"}`
///   while the database answers within the storage's deadline; 503
///   `{"status": "unavailable", "reason": "…"}` while it does not (a load
///   balancer takes the instance out until it is back).
/// - `GET /metrics` → the process's metrics in Prometheus' text format
///   (``SandboxMetrics``).
/// - `GET /openapi.json` → the contract every route here keeps, made for the
///   brands and markets this sandbox serves (`OpenAPIDocument` in OpenAPIGeneration).
///
/// Neither belongs to a world, and neither reads or writes a person's data.
enum OperationsRoutes {
    /// The paths that belong to no world.
    static let paths = Set([WireRoute.health, .metrics, .contract].map(\.template))

    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.on(.health) { _, _ -> Response in
            let kind = services.store is PostgresStorage ? "postgres" : "sqlite"
            do {
                try await services.store.ping()
                return try JSONAnswer.response(HealthAnswer(status: "ready", database: kind))
            } catch {
                let reason = (error as? StorageUnavailable)?.reason ?? "\(type(of: error))"
                return try JSONAnswer.response(
                    HealthAnswer(status: "unavailable", database: kind, reason: reason), status: .serviceUnavailable)
            }
        }
        router.on(.contract) { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: try services.contract.text())))
        }
        router.on(.metrics) { _, _ -> Response in
            if let count = try? await services.store.worldCount() { services.metrics.worlds.record(count) }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: services.metrics.text())))
        }
    }
}
