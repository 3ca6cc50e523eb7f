import Foundation
import LiveryWire
import Testing

/// What a team's tooling watches: health while the database answers, and metrics in Prometheus' text format.
@Suite("health and metrics")
struct OperationsTests {
    @Test(
        "/health is ready with a database; /metrics counts requests by route and status, registrations, worlds and latency"
    )
    func healthAndMetrics() async throws {
        try await SandboxHarness.run { sandbox in
            let health = try await sandbox.get("/health")
            let ready = try? health.decoded(HealthAnswer.self)
            #expect(health.status == 200 && ready?.status == "ready" && ready?.database == "sqlite")
            #expect(try await sandbox.createClient(fields: Registrations.australian).status == 201)
            #expect(
                try await sandbox.createClient(fields: Registrations.australian(["username": "other_one"])).status
                    == 409)
            _ = try await sandbox.get("/v2/client/client-1/details")
            _ = try await sandbox.createWorld()
            let answer = try await sandbox.get("/metrics")
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 200)
            let lines = Set(text.split(separator: "\n").map(String.init))
            #expect(
                lines.contains(#"sandbox_http_requests_total{route="/v2/client",method="POST",status="201"} 1"#),
                "\(text)")
            #expect(lines.contains(#"sandbox_http_requests_total{route="/v2/client",method="POST",status="409"} 1"#))
            #expect(
                lines.contains(
                    #"sandbox_http_requests_total{route="/v2/client/{clientId}/details",method="GET",status="200"} 1"#),
                "a route is its pattern, never the client's id")
            #expect(lines.contains(#"sandbox_registrations_total{brand="neds"} 1"#))
            #expect(lines.contains("sandbox_worlds 1.0") || lines.contains("sandbox_worlds 1"))
            #expect(
                lines.contains {
                    $0.hasPrefix(#"sandbox_http_request_duration_seconds_bucket{route="/v2/client",method="POST",le="#)
                })
            #expect(lines.contains { $0.hasPrefix("sandbox_password_hashing_queue_depth ") })
            #expect(!text.contains("adalove") && !text.contains("ada@example.com"), "no personal data in metrics")
        }
    }
}
