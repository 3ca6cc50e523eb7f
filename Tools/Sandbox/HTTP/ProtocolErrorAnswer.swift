import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request the HTTP parser refuses — a request line and headers
/// over the server's limit (a 100 kB query string, say) or bytes that are not
/// HTTP/1.1 — in the same JSON error shape as every other answer, then
/// closes the connection: 431 `request.headTooLarge` for an oversized head,
/// 400 `request.malformed` for the rest. Without it the server library
/// answers these with an empty 400.
///
/// Sits in the channel pipeline after the HTTP codec; when a response is
/// already being written (a pipelined request broke half way) it only closes.
/// It also tells ``ConnectionGuard``, at the front of the pipeline, when a
/// request head has arrived and when its response is written.
final class ProtocolErrorAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The largest request line plus headers the server reads, in bytes.
    static let headLimit = 80 * 1024

    private var responseOpen = false
    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { context.triggerUserOutboundEvent(RequestProgress.headArrived, promise: nil) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            responseOpen = true
            context.write(data, promise: promise)
        case .end:
            responseOpen = false
            context.write(data, promise: promise)
            context.triggerUserOutboundEvent(RequestProgress.responseFinished, promise: nil)
        case .body:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered, !responseOpen else {
            context.close(promise: nil)
            return
        }
        answered = true
        let (status, body) = Self.answer(to: parserError)
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        let head = HTTPResponse(status: status, headerFields: [
            .contentType: "application/json; charset=utf-8", .contentLength: String(body.count), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(buffer)), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }

    /// The status and the JSON envelope for `error`.
    static func answer(to error: HTTPParserError) -> (HTTPResponse.Status, Data) {
        let (status, code, message): (HTTPResponse.Status, String, String) = switch error {
        case .headerOverflow:
            (.requestHeaderFieldsTooLarge, "request.headTooLarge",
             "the request line and headers are over \(headLimit / 1024) KiB (a query string that long, perhaps)")
        case .invalidURL:
            (.badRequest, "request.malformed", "the request target is not a valid URL")
        default:
            (.badRequest, "request.malformed", "the request is not valid HTTP/1.1 (\(error))")
        }
        return (status, ErrorEnvelope.json(code: code, message: message))
    }
}
