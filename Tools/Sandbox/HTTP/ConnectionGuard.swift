import Foundation
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// How the sandbox sheds connections that would exhaust it: an idle
/// keep-alive connection, a client that trickles a request head byte by byte
/// (slowloris), and more connections than it serves at once.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a connection may stay open without a request in progress
    /// (nothing sent, or a request head begun and never finished) before
    /// it is closed.
    public var idleTimeout: Duration
    /// How long a request head (request line and headers) may take to
    /// arrive in full once its first byte has; then the connection is
    /// answered 408 `request.headTimeout` and closed.
    public var requestHeadTimeout: Duration
    /// The most connections open at once; one more is answered 503
    /// `server.busy` with `Retry-After: 1` and closed.
    public var maxConnections: Int

    /// Limits: 30 s idle, 10 s for a request head, 256 connections.
    public init(idleTimeout: Duration = .seconds(30), requestHeadTimeout: Duration = .seconds(10), maxConnections: Int = 256) {
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.maxConnections = maxConnections
    }
}

/// Hummingbird's HTTP/1.1 child channel with ``ConnectionGuard`` in front:
/// counts the connections open, refuses those over the cap and times request
/// heads. The idle time-out is the server library's own.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http: HTTP1Channel
    let limits: ConnectionLimits
    let open: OpenConnections

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, headLimit: Int) {
        http = HTTP1Channel(responder: responder, configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [ProtocolErrorAnswer()],
            idleTimeout: TimeAmount(limits.idleTimeout),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: headLimit, maxHeaderListSize: headLimit)))
        self.limits = limits
        open = OpenConnections()
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = open.admit(upTo: limits.maxConnections)
        if admitted { channel.closeFuture.whenComplete { [open] _ in open.release() } }
        let headTimeout = TimeAmount(limits.requestHeadTimeout)
        return http.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(admitted: admitted, headTimeout: headTimeout),
                                                           position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// The number of connections open, shared by every connection's setup.
final class OpenConnections: Sendable {
    private let count = NIOLockedValueBox(0)

    /// Counts one more connection unless `limit` are open; whether it did.
    func admit(upTo limit: Int) -> Bool {
        count.withLockedValue { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    /// Counts one connection fewer.
    func release() {
        count.withLockedValue { $0 -= 1 }
    }
}

/// What the handler after the HTTP codec tells ``ConnectionGuard`` (an
/// outbound user event, which travels towards the socket).
enum RequestProgress {
    /// A request's head has been parsed in full.
    case headArrived
    /// The response to the last request in progress has been written.
    case responseFinished
}

/// The first handler of a connection, on raw bytes. A connection over the
/// cap is answered 503 and closed, its bytes unread. Otherwise the first byte
/// of a request head starts a timer that ``RequestProgress/headArrived``
/// stops; when it fires the connection is answered 408 and closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case refused
        case betweenRequests
        case readingHead(Scheduled<Void>)
        case inRequest
        case closing
    }

    private var state: State
    private let headTimeout: TimeAmount

    init(admitted: Bool, headTimeout: TimeAmount) {
        state = admitted ? .betweenRequests : .refused
        self.headTimeout = headTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuseIfOverCap(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuseIfOverCap(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .readingHead(let timer) = state { timer.cancel() }
        state = .closing
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .refused, .closing:
            return
        case .betweenRequests:
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let timer = context.eventLoop.assumeIsolated().scheduleTask(in: headTimeout) { [self] in
                self.headTimedOut(bound.value)
            }
            state = .readingHead(timer)
        case .readingHead, .inRequest:
            break
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let progress = event as? RequestProgress else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch (progress, state) {
        case (.headArrived, .readingHead(let timer)):
            timer.cancel()
            state = .inRequest
        case (.headArrived, .betweenRequests):
            state = .inRequest
        case (.responseFinished, .inRequest):
            state = .betweenRequests
        default:
            break
        }
        promise?.succeed()
    }

    private func refuseIfOverCap(_ context: ChannelHandlerContext) {
        guard case .refused = state else { return }
        state = .closing
        answerAndClose(context, status: "503 Service Unavailable", extraHeaders: "Retry-After: 1\r\n", code: "server.busy",
                       message: "the sandbox is serving as many connections as it allows; try again in a moment")
    }

    private func headTimedOut(_ context: ChannelHandlerContext) {
        guard case .readingHead = state else { return }
        state = .closing
        answerAndClose(context, status: "408 Request Timeout", extraHeaders: "", code: "request.headTimeout",
                       message: "the request line and headers did not arrive within \(headTimeout.nanoseconds / 1_000_000) ms")
    }

    /// Writes a whole HTTP/1.1 answer in the JSON error shape straight to the
    /// socket (no request is being answered), then closes the connection.
    private func answerAndClose(_ context: ChannelHandlerContext, status: String, extraHeaders: String, code: String, message: String) {
        let body = ErrorEnvelope.json(code: code, message: message)
        var buffer = context.channel.allocator.buffer(capacity: body.count + 200)
        buffer.writeString("HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
                           + "Connection: close\r\n\(extraHeaders)\r\n")
        buffer.writeBytes(body)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in bound.value.close(promise: nil) }
    }
}

/// The contract's error envelope, `{"error": {"code", "message"}}`, as bytes:
/// for answers written below the router.
enum ErrorEnvelope {
    static func json(code: String, message: String) -> Data {
        let envelope = ["error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])) ?? Data()
    }
}
