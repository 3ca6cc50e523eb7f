import ArgumentParser
import LiveryCore
import ServerConnections

/// The connection limits both servers take: how long a connection may idle
/// or take over a request's head or body, and how many are served at once.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "Close a connection with no request in progress after this long, 1ms…24h.")
    var idleTimeout = "30s"

    @Option(help: "Answer 408 and close when a request's line and headers take longer than this, 1ms…24h.")
    var headTimeout = "10s"

    @Option(help: "Answer 408 and close when a request's body takes longer than this after its head, 1ms…24h.")
    var bodyTimeout = "10s"

    @Option(
        help:
            "Serve at most this many connections at once, 1…100000; one more waits up to a second for a free slot, then is answered 503 server.busy."
    )
    var maxConnections = 256

    func validate() throws {
        _ = try limits()
    }

    /// The limits given, each checked.
    func limits() throws(ValidationError) -> ConnectionLimits {
        func duration(_ text: String, _ flag: String) throws(ValidationError) -> Duration {
            guard let value = DurationText.parse(text, maximum: .seconds(86_400)), value >= .milliseconds(1) else {
                throw ValidationError("\(flag) must be a duration from 1ms to 24h such as 30s or 500ms, not '\(text)'")
            }
            return value
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be 1…100000, not \(maxConnections)")
        }
        return ConnectionLimits(
            idleTimeout: try duration(idleTimeout, "--idle-timeout"),
            requestHeadTimeout: try duration(headTimeout, "--head-timeout"),
            requestBodyTimeout: try duration(bodyTimeout, "--body-timeout"), maxConnections: maxConnections)
    }
}
