import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server's HTTP/1.1 child channel (plain, or upgrading to WebSockets,
/// inside TLS or not) with `ConnectionGuard` in front of its HTTP bytes and
/// `RequestGate` right behind its HTTP decoder: every connection kept within
/// `limits`, every refused request answered at once, in the connection's own
/// protocol.
public struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    public typealias Value = Inner.Value

    private let inner: Inner
    private let limits: ConnectionLimits
    private let slots: ConnectionSlots
    private let check: RequestCheck
    private let allowedMethods: String

    /// `inner` guarded by `limits`; `check` may refuse a request by its head;
    /// `allowedMethods` is the `Allow` value of a 405 (e.g. `GET, POST`).
    /// One value serves every connection of a server (its slots are shared).
    public init(
        _ inner: Inner, limits: ConnectionLimits, allowedMethods: String, check: @escaping RequestCheck = { _ in nil }
    ) {
        self.inner = inner
        self.limits = limits
        self.slots = ConnectionSlots(limit: limits.maxConnections)
        self.check = check
        self.allowedMethods = allowedMethods
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { [limits, slots, check, allowedMethods] value in
            let pipeline = channel.pipeline.syncOperations
            // Right in front of the HTTP codec: behind TLS when the server speaks it, so the guard reads
            // plain HTTP and its own answers (408, 503) are written inside the TLS session.
            let encoder = try pipeline.handler(type: HTTPResponseEncoder.self)
            try pipeline.addHandler(
                ConnectionGuard(slots: slots, limits: limits, eventLoop: channel.eventLoop), position: .before(encoder))
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(
                RequestGate(check: check, allowedMethods: allowedMethods), position: .after(decoder))
            return value
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension ConnectionLimits {
    /// The HTTP/1.1 settings a guarded channel runs with: heads up to
    /// ``headLimit``, and no idle time-out of the library's own (the guard keeps time).
    public var http1: HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(
            idleTimeout: nil,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: Self.headLimit, maxHeaderListSize: Self.headLimit))
    }
}
