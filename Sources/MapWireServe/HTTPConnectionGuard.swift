import Foundation
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MapWireProcess
import MapWireServeInput
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, guarded so that no request, however malformed,
/// leaves a connection open without an answer: a request the HTTP parser refuses (garbage bytes, an
/// unknown method, a head over the limits) is answered 400/414/431 and closed, as is a head that does
/// not arrive in time (408); whatever ends a connection's handling closes it.
struct GuardedHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let limits: ConnectionWatch.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(limits: limits), position: .first)
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            // Last for now: it sees the parser's errors (the upgrade handler before it lets them through).
            try channel.pipeline.syncOperations.addHandler(ParseErrorAnswer())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
        // Whatever ended the handling (an upgrade that failed on a request it could not read, a WebSocket
        // that ended): a request still unanswered gets its 400, and the connection closes.
        let channel = value.channel
        channel.eventLoop.execute {
            guard let handler = try? channel.pipeline.syncOperations.handler(type: ConnectionGuardHandler.self) else {
                return channel.close(promise: nil)
            }
            handler.end(unansweredStatus: 400, message: "the request could not be read")
        }
    }
}

/// A parser error becomes the connection's 400 (431 for headers over the limit), written by the guard.
final class ParseErrorAnswer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parse = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        let (status, message) = parse == .headerOverflow
            ? (431, "the request's headers are too large") : (400, "the request could not be read (\(parse))")
        guard let handler = try? context.pipeline.syncOperations.handler(type: ConnectionGuardHandler.self) else {
            return context.close(promise: nil)
        }
        handler.reject(status: status, message: message)
    }
}

/// Nearest the socket: watches the raw bytes both ways (ConnectionWatch), answers a rejected request
/// itself (its bytes go straight to the socket, past the HTTP encoder) and closes: the output first,
/// then, after a short linger in which what the client still sends is read and dropped (so the answer
/// is not lost to a reset), the whole connection.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    static let lingerMilliseconds: Int64 = 1500

    private var watch: ConnectionWatch
    private var context: ChannelHandlerContext?
    private var ticker: RepeatedTask?
    private var closing = false

    init(limits: ConnectionWatch.Limits) {
        watch = ConnectionWatch(limits: limits, now: monotonicMillis())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(500), delay: .milliseconds(500)) { _ in
            bound.value.tick()
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        ticker?.cancel()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        ticker?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Lingering after an answer: the rest is dropped.
        guard !closing else { return }
        let buffer = unwrapInboundIn(data)
        if case .reject(let status, let message) = watch.received(buffer.readableBytesView, now: monotonicMillis()) {
            return reject(status: status, message: message)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        if watch.awaitsAnswer {
            let upgrade: Bool
            if case .byteBuffer(let buffer) = unwrapOutboundIn(data) {
                upgrade = buffer.readableBytesView.starts(with: Array("HTTP/1.1 101".utf8))
            } else {
                upgrade = false
            }
            watch.sent(switchingProtocols: upgrade, now: monotonicMillis())
        }
        context.write(data, promise: promise)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        context.close(mode: mode, promise: promise)
        // The server half-closed after its last answer: the client has a moment to read it, then it goes.
        if mode == .output { scheduleFullClose(context) }
    }

    private func tick() {
        switch watch.tick(now: monotonicMillis()) {
        case .keep: break
        case .close: context?.close(promise: nil)
        case .reject(let status, let message): reject(status: status, message: message)
        }
    }

    /// Answers `status` with `message` and closes (once).
    func reject(status: Int, message: String) {
        guard let context, !closing else { return }
        watch.finish()
        closing = true
        let body = message + "\n"
        let head = "HTTP/1.1 \(status) \(HTTPResponseStatus(statusCode: status).reasonPhrase)\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
            + "Cache-Control: no-store\r\n\r\n"
        let bytes = context.channel.allocator.buffer(string: head + body)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        context.close(mode: .output, promise: nil)
        scheduleFullClose(context)
    }

    /// The connection's handling ended: an unanswered request gets `unansweredStatus`, and it closes.
    func end(unansweredStatus: Int, message: String) {
        guard let context else { return }
        if watch.awaitsAnswer, !closing { return reject(status: unansweredStatus, message: message) }
        watch.finish()
        context.close(promise: nil)
    }

    private func scheduleFullClose(_ context: ChannelHandlerContext) {
        closing = true
        let channel = context.channel
        context.eventLoop.scheduleTask(in: .milliseconds(Self.lingerMilliseconds)) { channel.close(promise: nil) }
    }
}
