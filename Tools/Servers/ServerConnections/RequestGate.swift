import LiveryWire
import NIOCore
import NIOHTTP1
import ServerInputs

/// What a server checks of every request head before its router sees it:
/// a refusal to answer with, or `nil` to serve the request.
public typealias RequestCheck = @Sendable (HTTPRequestHead) -> Refusal?

/// The handler right behind the HTTP/1.1 decoder. It tells
/// ``ConnectionGuard`` how each request and response progresses, and has it
/// answer and close, in the JSON error shape, what must not reach the router:
///
/// - a request the parser refuses: 431 `request.headTooLarge` for a head over
///   ``ConnectionLimits/headLimit``, 400 `request.malformed` for the rest
///   (garbage, an unknown method, a NUL, an HTTP/2 preface);
/// - `CONNECT`, which no route serves: 405 `method.notAllowed` with `Allow`;
/// - a target that is not a ``CanonicalPath``: 400 `path.notCanonical`, so
///   the router and every middleware behind it read one and the same path;
/// - whatever the server's own ``RequestCheck`` refuses.
///
/// Once a response switches protocols (a WebSocket), it passes everything on.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let check: RequestCheck
    private let allowedMethods: String
    private var refused = false
    private var switched = false

    init(check: @escaping RequestCheck, allowedMethods: String) {
        self.check = check
        self.allowedMethods = allowedMethods
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !switched else { return context.fireChannelRead(data) }
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let refusal = refusal(of: head) {
                refused = true
                context.triggerUserOutboundEvent(RequestProgress.refuse(refusal), promise: nil)
                return
            }
            context.triggerUserOutboundEvent(RequestProgress.headArrived, promise: nil)
        case .body:
            break
        case .end:
            context.triggerUserOutboundEvent(RequestProgress.requestEnded, promise: nil)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !switched else { return context.write(data, promise: promise) }
        switch unwrapOutboundIn(data) {
        case .head(let head):
            context.triggerUserOutboundEvent(RequestProgress.responseStarted, promise: nil)
            context.write(data, promise: promise)
            if head.status == .switchingProtocols {
                switched = true
                context.triggerUserOutboundEvent(RequestProgress.upgraded, promise: nil)
            }
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            context.triggerUserOutboundEvent(RequestProgress.responseFinished, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        refused = true
        context.triggerUserOutboundEvent(RequestProgress.refuse(Self.refusal(of: parserError)), promise: nil)
    }

    private func refusal(of head: HTTPRequestHead) -> Refusal? {
        if head.method == .CONNECT {
            return Refusal(
                status: 405, reason: "Method Not Allowed", code: .methodNotAllowed,
                message: "CONNECT is not served: this is not a proxy; allowed: \(allowedMethods)",
                headers: [Refusal.Header("Allow", allowedMethods)])
        }
        return CanonicalPath.refusal(of: head.uri) ?? check(head)
    }

    /// The answer to a request the parser refuses.
    static func refusal(of error: HTTPParserError) -> Refusal {
        switch error {
        case .headerOverflow:
            Refusal(
                status: 431, reason: "Request Header Fields Too Large", code: .requestHeadTooLarge,
                message:
                    "the request line and headers are over \(ConnectionLimits.headLimit / 1024) KiB (a query string that long, perhaps)"
            )
        case .invalidURL:
            Refusal(
                status: 400, reason: "Bad Request", code: .requestMalformed,
                message: "the request target is not a valid URL")
        default:
            Refusal(
                status: 400, reason: "Bad Request", code: .requestMalformed,
                message: "the request is not valid HTTP/1.1 (\(error))")
        }
    }
}
