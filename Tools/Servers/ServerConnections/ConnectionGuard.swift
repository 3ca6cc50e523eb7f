import LiveryCore
import LiveryWire
import NIOCore

/// What ``RequestGate``, behind the HTTP codec, tells ``ConnectionGuard`` at
/// the front of the pipeline (an outbound user event, which travels towards
/// the socket).
enum RequestProgress {
    /// A request's head has been parsed in full; its body may follow.
    case headArrived
    /// A request's body (possibly empty) has arrived in full.
    case requestEnded
    /// A response's head is being written.
    case responseStarted
    /// The response to the request in progress has been written.
    case responseFinished
    /// The connection now speaks another protocol (a WebSocket): no more HTTP limits apply.
    case upgraded
    /// The connection must be answered with this (unless a response is
    /// already being written) and closed.
    case refuse(Refusal)
}

/// The first handler of a connection, on raw bytes: it keeps the connection
/// within ``ConnectionLimits``.
///
/// A connection beyond the cap waits, unread, for a slot; if none frees in
/// time it is answered 503 and closed. An admitted connection is timed by
/// what it is doing: with nothing in progress, the idle time-out closes it;
/// once a request's first byte arrives, its head must arrive within the head
/// time-out, then its body within the body time-out, or it is answered 408
/// and closed. While the server works on an answer nothing is timed. Its
/// slot is given back the moment the connection is closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        /// Beyond the cap: in line for a slot, with the bytes received meanwhile.
        case waitingForSlot(ConnectionSlots.Ticket, Scheduled<Void>, buffered: [ByteBuffer], bytes: Int)
        case idle(Scheduled<Void>)
        case readingHead(Scheduled<Void>)
        case readingBody(Scheduled<Void>)
        /// The request has arrived; the server is answering it.
        case answering
        case upgraded
        case finished
    }

    private let slots: ConnectionSlots
    private let limits: ConnectionLimits
    private let eventLoop: any EventLoop
    private var state: State = .finished
    private var ownsSlot = false
    private var responseOpen = false
    /// Requests whose head has arrived and whose response is not yet written (more than one when pipelined).
    private var unanswered = 0
    private var context: ChannelHandlerContext?

    init(slots: ConnectionSlots, limits: ConnectionLimits, eventLoop: any EventLoop) {
        self.slots = slots
        self.limits = limits
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.channel.closeFuture.whenComplete { _ in bound.value.connectionClosed() }
        let loop = context.eventLoop
        if let ticket = slots.take(orWait: { loop.execute { bound.value.admitted() } }) {
            state = .waitingForSlot(
                ticket, schedule(limits.admissionWait) { $0.noSlotInTime() }, buffered: [], bytes: 0)
        } else {
            ownsSlot = true
            state = .idle(schedule(limits.idleTimeout) { $0.idleTimedOut() })
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .waitingForSlot(let ticket, let timer, var buffered, let bytes):
            let buffer = unwrapInboundIn(data)
            buffered.append(buffer)
            state = .waitingForSlot(ticket, timer, buffered: buffered, bytes: bytes + buffer.readableBytes)
            // A client that sends more than a request head while in line is not waiting politely.
            if bytes + buffer.readableBytes > ConnectionLimits.headLimit { noSlotInTime() }
            return
        case .finished:
            return
        case .idle(let timer):
            timer.cancel()
            state = .readingHead(schedule(limits.requestHeadTimeout) { $0.headTimedOut() })
        case .readingHead, .readingBody, .answering, .upgraded:
            break
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let progress = event as? RequestProgress else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        promise?.succeed()
        switch progress {
        case .headArrived:
            unanswered += 1
            switch state {
            case .idle(let timer), .readingHead(let timer):
                timer.cancel()
                state = .readingBody(schedule(limits.requestBodyTimeout) { $0.bodyTimedOut() })
            case .answering:
                // A pipelined request: its head arrived while the last one is answered.
                state = .readingBody(schedule(limits.requestBodyTimeout) { $0.bodyTimedOut() })
            case .readingBody, .waitingForSlot, .upgraded, .finished:
                break
            }
        case .requestEnded:
            if case .readingBody(let timer) = state {
                timer.cancel()
                state = .answering
            }
        case .responseStarted:
            responseOpen = true
        case .responseFinished:
            responseOpen = false
            unanswered = max(0, unanswered - 1)
            if case .answering = state, unanswered == 0 {
                state = .idle(schedule(limits.idleTimeout) { $0.idleTimedOut() })
            }
        case .upgraded:
            cancelTimer()
            state = .upgraded
        case .refuse(let refusal):
            refuse(refusal)
        }
    }

    // MARK: Admission

    private func admitted() {
        guard case .waitingForSlot(_, let timer, let buffered, _) = state, let context else {
            // The connection closed while the slot was on its way: pass it on.
            slots.release()
            return
        }
        timer.cancel()
        ownsSlot = true
        state = .idle(schedule(limits.idleTimeout) { $0.idleTimedOut() })
        guard !buffered.isEmpty else { return }
        for buffer in buffered { channelRead(context: context, data: wrapInboundOut(buffer)) }
        context.fireChannelReadComplete()
    }

    private func noSlotInTime() {
        guard case .waitingForSlot(let ticket, _, _, _) = state, slots.leave(ticket) else { return }
        refuse(
            Refusal(
                status: 503, reason: "Service Unavailable", code: .serverBusy,
                message: "the server is serving as many connections as it allows; try again in a moment",
                headers: [Refusal.Header("Retry-After", "1")]))
    }

    private func connectionClosed() {
        // A slot handed over while the connection closed is passed on by `admitted`.
        if case .waitingForSlot(let ticket, _, _, _) = state { _ = slots.leave(ticket) }
        cancelTimer()
        state = .finished
        if ownsSlot {
            ownsSlot = false
            slots.release()
        }
    }

    // MARK: Time-outs

    private func idleTimedOut() {
        guard case .idle = state else { return }
        state = .finished
        context?.close(promise: nil)
    }

    private func headTimedOut() {
        guard case .readingHead = state else { return }
        refuse(
            Refusal(
                status: 408, reason: "Request Timeout", code: .requestHeadTimeout,
                message:
                    "the request line and headers did not arrive within \(DurationText.wholeMilliseconds(limits.requestHeadTimeout)) ms"
            ))
    }

    private func bodyTimedOut() {
        guard case .readingBody = state else { return }
        refuse(
            Refusal(
                status: 408, reason: "Request Timeout", code: .requestBodyTimeout,
                message:
                    "the request body did not arrive within \(DurationText.wholeMilliseconds(limits.requestBodyTimeout)) ms of its head"
            ))
    }

    // MARK: Answering

    /// Writes `refusal` (unless a response is already being written) and closes the connection.
    private func refuse(_ refusal: Refusal) {
        if case .finished = state { return }
        cancelTimer()
        state = .finished
        guard let context else { return }
        guard !responseOpen else {
            context.close(promise: nil)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: 512)
        buffer.writeBytes(refusal.bytes)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in bound.value.close(promise: nil) }
        // Inside TLS the answer waits for a handshake that may never finish: the connection goes regardless.
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.refusalGrace) {
            if bound.value.channel.isActive { bound.value.close(promise: nil) }
        }
    }

    /// How long a refused connection has to take its answer before it is closed anyway.
    static let refusalGrace = TimeAmount.seconds(2)

    private func cancelTimer() {
        switch state {
        case .waitingForSlot(_, let timer, _, _), .idle(let timer), .readingHead(let timer), .readingBody(let timer):
            timer.cancel()
        case .answering, .upgraded, .finished:
            break
        }
    }

    private func schedule(_ delay: Duration, _ action: @escaping (ConnectionGuard) -> Void) -> Scheduled<Void> {
        eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in action(self) }
    }
}
