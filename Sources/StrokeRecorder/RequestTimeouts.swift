import NIOCore
import NIOHTTP1

/// Why a request took too long: raised into the connection's inbound stream by
/// ``RequestTimeouts`` so that the server answers 408 and closes.
public struct RequestTimedOut: Error, Sendable, CustomStringConvertible {
    /// What ran out: the pause within a body, or the time for the whole body.
    public var stalled: Bool
    /// The limit, seconds.
    public var seconds: Double
    /// One line for the 408 answer.
    public var description: String {
        stalled ? "the upload paused for more than \(Int(seconds)) s; send the body without stopping"
            : "the upload took more than \(Int(seconds)) s to arrive; send it faster or smaller"
    }
}

/// The clocks of one connection, on its event loop (issue 24 item 5):
///
/// - between requests, a connection that sends nothing for `idle` is closed (as browsers keep
///   connections open);
/// - once a request's head has arrived, its body must keep coming — no pause longer than
///   `stall` — and must end within `total` of the head; otherwise ``RequestTimedOut`` is
///   raised into the inbound stream and the server answers 408 and closes, so a client that
///   stalls holds neither memory nor a connection for long;
/// - while the server prepares its answer (validating and storing an upload, which can take a
///   while for a large one on a loaded machine), nothing times out: the connection stays open
///   until the answer is written.
///
/// A request is in progress from its `head` until the `end` of its response. Timers are
/// scheduled tasks, cancelled as parts arrive; O(1) per part.
final class RequestTimeouts: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase { case idle, receiving, answering }

    private let idle: TimeAmount
    private let stall: TimeAmount
    private let total: TimeAmount
    private var phase = Phase.idle
    private var idleTimer: Scheduled<Void>?
    private var stallTimer: Scheduled<Void>?
    private var totalTimer: Scheduled<Void>?

    init(idle: TimeAmount, stall: TimeAmount, total: TimeAmount) {
        self.idle = idle
        self.stall = stall
        self.total = total
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armIdle(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armIdle(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancelAll() }

    func channelInactive(context: ChannelHandlerContext) {
        cancelAll()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            phase = .receiving
            cancel(&idleTimer)
            let limit = Double(total.nanoseconds) / 1e9
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            totalTimer = context.eventLoop.scheduleTask(in: total) { [weak self] in
                self?.expire(bound.value, RequestTimedOut(stalled: false, seconds: limit))
            }
            armStall(context)
        case .body:
            if phase == .receiving { armStall(context) }
        case .end:
            if phase == .receiving {
                phase = .answering
                cancel(&stallTimer)
                cancel(&totalTimer)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            // The answer is complete: the connection waits for the next request (an answer
            // sent before the body ended — a refusal — leaves the body's clocks running).
            if phase == .answering {
                phase = .idle
                armIdle(context)
            }
        }
        context.write(data, promise: promise)
    }

    private func armIdle(_ context: ChannelHandlerContext) {
        cancel(&idleTimer)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.scheduleTask(in: idle) { [weak self] in
            guard let self, self.phase == .idle else { return }
            bound.value.close(promise: nil)
        }
    }

    private func armStall(_ context: ChannelHandlerContext) {
        cancel(&stallTimer)
        let limit = Double(stall.nanoseconds) / 1e9
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        stallTimer = context.eventLoop.scheduleTask(in: stall) { [weak self] in
            self?.expire(bound.value, RequestTimedOut(stalled: true, seconds: limit))
        }
    }

    private func expire(_ context: ChannelHandlerContext, _ error: RequestTimedOut) {
        guard phase == .receiving else { return }
        phase = .answering
        cancel(&stallTimer)
        cancel(&totalTimer)
        context.fireErrorCaught(error)
    }

    private func cancel(_ timer: inout Scheduled<Void>?) {
        timer?.cancel()
        timer = nil
    }

    private func cancelAll() {
        cancel(&idleTimer)
        cancel(&stallTimer)
        cancel(&totalTimer)
    }
}
