import Foundation
import Hummingbird

/// What a team's tooling watches, served by every sandbox:
///
/// - `GET /health` → 200 `{"status": "ready", "database": "postgres"|"sqlite"}`
///   while the database answers within the storage's deadline; 503
///   `{"status": "unavailable", "reason": "…"}` while it does not (a load
///   balancer takes the instance out until it is back).
/// - `GET /metrics` → the process's metrics in Prometheus' text format
///   (``SandboxMetrics``).
///
/// Neither belongs to a world, and neither reads or writes a person's data.
enum OperationsRoutes {
    static let paths: Set<String> = ["/health", "/metrics"]

    static func register(on router: Router<SandboxRequestContext>, services: SandboxServices) {
        router.get("/health") { _, _ -> Response in
            let kind = services.store is PostgresStorage ? "postgres" : "sqlite"
            do {
                try await services.store.ping()
                return try JSONAnswer.response(Health(status: "ready", database: kind, reason: nil))
            } catch {
                let reason = (error as? StorageUnavailable)?.reason ?? "\(type(of: error))"
                return try JSONAnswer.response(
                    Health(status: "unavailable", database: kind, reason: reason), status: .serviceUnavailable)
            }
        }
        router.get("/metrics") { _, _ -> Response in
            if let count = try? await services.store.worldCount() { services.metrics.worlds.record(count) }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: services.metrics.text())))
        }
    }

    private struct Health: Encodable {
        let status: String
        let database: String
        let reason: String?
    }
}
