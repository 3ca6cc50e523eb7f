import CoreMetrics
import Foundation
import Metrics
import Prometheus

/// What a sandbox process measures, in Prometheus' text format at
/// `GET /metrics` (swift-metrics over swift-prometheus, one registry per
/// sandbox, never the process-wide one):
///
/// - `sandbox_http_requests_total{route, method, status}` and
///   `sandbox_http_request_duration_seconds{route, method}` (a histogram);
/// - `sandbox_http_requests_in_flight`;
/// - `sandbox_registrations_total{brand}` (clients created);
/// - `sandbox_worlds` (live worlds in the database, read at each scrape);
/// - `sandbox_password_hashing_queue_depth` (hashes waiting or running).
///
/// A route is its matched pattern (`/v2/client/{clientId}/details`), never
/// the path a client sent, so no label carries personal data and the
/// number of series stays bounded.
struct SandboxMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// Requests being answered.
    let inFlight: Meter
    /// Passwords waiting to be hashed or being hashed.
    let hashingQueue: Meter
    /// Live worlds, set when scraped.
    let worlds: CoreMetrics.Gauge

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
            .seconds(10),
        ]
        self.factory = factory
        inFlight = Meter(label: "sandbox_http_requests_in_flight", factory: factory)
        hashingQueue = Meter(label: "sandbox_password_hashing_queue_depth", factory: factory)
        worlds = CoreMetrics.Gauge(label: "sandbox_worlds", factory: factory)
    }

    /// Counts one answered request and its duration.
    func answered(route: String, method: String, status: Int, duration: Duration) {
        Counter(
            label: "sandbox_http_requests_total",
            dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory
        ).increment()
        Metrics.Timer(
            label: "sandbox_http_request_duration_seconds", dimensions: [("route", route), ("method", method)],
            preferredDisplayUnit: .seconds, factory: factory
        )
        .recordNanoseconds(
            duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// Counts a client created for `brand`.
    func registered(brand: String) {
        Counter(label: "sandbox_registrations_total", dimensions: [("brand", brand)], factory: factory).increment()
    }

    /// The registry in Prometheus' text format.
    func text() -> String { registry.emitToString() }
}
