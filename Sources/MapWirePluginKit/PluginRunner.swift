import Foundation
import Logging
import MapWireBus
import MapWireProcess
import MapWireProtocol

/// What a plugin tells the core about itself in its hello.
public struct PluginDescription: Sendable {
    public var name: String
    public var roles: [String]
    public var capabilities: [String]

    public init(name: String, roles: [String], capabilities: [String] = []) {
        self.name = name
        self.roles = roles
        self.capabilities = capabilities
    }
}

/// Runs a plugin's side of the protocol: hello until welcomed, heartbeats both ways, a new hello
/// when the core restarts or forgets us, and one reply per request from `handler`.
///
/// `run` blocks its thread (zmq_poll): call it from a plugin's main thread or a dedicated Thread.
public final class PluginRunner {
    public typealias Handler = (Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply?
    /// Takes a request on the runner's thread and must return at once; the reply (if any) goes to the
    /// channel later, from any thread. Cancels (`CancelRequest`) reach it too.
    public typealias AsyncHandler = (Mapwire_V1_PluginRequest, ReplyChannel) -> Void
    /// Sees each one-frame message from the core as its wire bytes (lent by libzmq, valid only during the
    /// call), before it is decoded, on the runner's thread, and must return at once: true when it answered
    /// the message (its replies, if any, appended to the batch), false to leave it to the usual decode and
    /// handler. The request path's fast lane: no swift-protobuf message, `Data` or lock per request.
    public typealias WireHandler = (UnsafeRawBufferPointer, inout WireReplies) -> Bool

    let description: PluginDescription
    let endpoint: String
    let logger: Logger
    public let stopFlag: StopFlag
    /// The welcome of the current session, once the core has answered the hello.
    public private(set) var welcome: Mapwire_V1_Welcome?
    /// Commands to send after every welcome: standing requests such as gesture claims, which the core
    /// ties to the session and forgets when the plugin goes (so a new session must repeat them).
    public var commandsAfterWelcome: (Mapwire_V1_Welcome) -> [Mapwire_V1_Command] = { _ in [] }
    /// Sees the replies to those commands (the core answers each one).
    public var onCommandReply: (Mapwire_V1_CommandReply) -> Void = { _ in }
    /// Commands to send right after a reply the handler returned (not one from the off-thread worker).
    /// The core reads one connection in order, so a command's reply tells the plugin its reply was taken.
    public var commandsAfterReply: (Mapwire_V1_PluginReply) -> [Mapwire_V1_Command] = { _ in [] }
    /// Keys for a core's TCP endpoint (PROTOCOL.md 2.4); nil for ipc.
    public var curve: CurveClientKeys?
    /// Run the handler on a worker thread (in order, one at a time) so heartbeats keep going during
    /// long requests; for plugins whose requests can take longer than a few heartbeat intervals. When the
    /// worker can no longer send its replies, `run` throws that error, so the plugin exits and whoever
    /// supervises it (`mapwire up`) starts a fresh one.
    public var handlesRequestsOffThread = false

    public init(description: PluginDescription, controlEndpoint: String, logger: Logger, stopFlag: StopFlag = StopFlag()) {
        self.description = description
        self.stopFlag = stopFlag
        self.endpoint = controlEndpoint
        self.logger = logger
    }

    /// Throws a `RunDirectoryError` before connecting when an ipc endpoint is not this user's own.
    public func run(handler: @escaping Handler) throws {
        try IPCEndpointCheck.verify(endpoint)
        // A context of its own: its end (zmq_ctx_term, when it is released) waits for the goodbye to
        // leave, up to the socket's linger; a process exiting with the shared context would drop it.
        let context = ZMQContext()
        try withExtendedLifetime(context) { try runSession(context: context, handler: handler, asyncHandler: nil) }
    }

    /// As `run`, with a handler that answers later (many requests in flight, replies in any order).
    /// With `wireHandler`, each message goes to it first (`WireHandler`).
    public func runAsync(handler: @escaping AsyncHandler, wireHandler: WireHandler? = nil) throws {
        try IPCEndpointCheck.verify(endpoint)
        let context = ZMQContext()
        try withExtendedLifetime(context) {
            try runSession(context: context, handler: { _ in nil }, asyncHandler: handler, wireHandler: wireHandler)
        }
    }

    private func runSession(context: ZMQContext, handler: @escaping Handler, asyncHandler: AsyncHandler?,
                            wireHandler: WireHandler? = nil) throws {
        let socket = try ZMQSocket(context, type: .dealer)
        defer { socket.close() }
        try socket.setHighWaterMarks(send: 100_000, receive: 100_000)
        if let curve { try socket.makeCurveClient(curve) }
        try socket.connect(endpoint)
        // Off-thread handling: replies come back from the worker on this PAIR socket.
        let worker = handlesRequestsOffThread && asyncHandler == nil ? RequestWorker(logger: logger) : nil
        let replies = try worker.map { worker in
            let pair = try ZMQSocket(type: .pair)
            try pair.bind(worker.endpoint)
            worker.start(handler: handler)
            return pair
        }
        // Asynchronous handling: replies wait in the channel; its PAIR socket only wakes this loop.
        let wakeups: ZMQSocket?
        let channel: ReplyChannel?
        if asyncHandler != nil {
            let endpoint = "inproc://mapwire-replies-\(UUID().uuidString)"
            let pair = try ZMQSocket(type: .pair)
            try pair.bind(endpoint)
            (wakeups, channel) = (pair, try ReplyChannel(endpoint: endpoint))
        } else {
            (wakeups, channel) = (nil, nil)
        }
        defer {
            worker?.stop()
            replies?.close()
            channel?.close()
            wakeups?.close()
        }
        var poller = ZMQPoller([socket] + (replies.map { [$0] } ?? []) + (wakeups.map { [$0] } ?? []))
        var wireReplies = WireReplies()
        var interval: Int64 = 1000
        var lastHeardCore = monotonicMillis()
        var nextBeat: Int64 = 0

        while !stopFlag.isStopped {
            // A worker that can no longer hand back replies ends the run (and so the process): heartbeats
            // alone would keep the core sending this plugin requests it never answers.
            if let failure = worker?.failure { throw failure }
            let now = monotonicMillis()
            if now >= nextBeat {
                if welcome != nil, now - lastHeardCore > 3 * interval {
                    logger.warning("the core stopped answering; saying hello again")
                    welcome = nil
                }
                try send(welcome == nil ? helloMessage() : heartbeatMessage(), on: socket)
                nextBeat = now + interval
            }
            let ready = try poller.poll(timeoutMilliseconds: Int(min(100, max(0, nextBeat - now))))
            if ready.count > 1, ready[1], let replies {
                while let frames = try replies.receive(dontWait: true) { try forward(frames, on: socket) }
            }
            if let channel, let wakeups {
                // Drained on every turn (at least every 100 ms), not only on a wakeup: nothing waits long.
                if ready.count > 1, ready[1] { while try wakeups.receive(dontWait: true) != nil {} }
                for bytes in channel.drain() { try forward([bytes], on: socket) }
            }
            guard ready[0] else { continue }
            channel?.handlingBegins()
            defer { if let channel { for bytes in channel.drainAfterHandling() { try? forward([bytes], on: socket) } } }
            // The requests waiting are read before the replies of the wire handler go out (one wakeup of
            // libzmq's I/O thread for several), as long as the batch is short (ReplyBatch).
            defer { flush(&wireReplies, on: socket) }
            var batch = ReplyBatch(at: monotonicNanos())
            // Decoded from libzmq's buffer (no `Data` of the frame first): a render frame's tiles are
            // copied once here, into the request the handler gets.
            var received = Received.malformed
            while try socket.receiveFirstFrame(dontWait: true, { frame, frameCount in
                received = if frameCount != 1 { .malformed }
                    else if let wireHandler, wireHandler(frame, &wireReplies) { .answered }
                    else if let message = try? ControlCodec.decode(lent: frame) { .message(message) }
                    else { .malformed }
            }) {
                let nanos = monotonicNanos(), now = Int64(nanos / 1_000_000)
                // A long batch of requests must not starve the heartbeat: the core would take a busy
                // plugin for a hung one.
                if welcome != nil, now >= nextBeat {
                    try send(heartbeatMessage(), on: socket)
                    nextBeat = now + interval
                }
                let message: Mapwire_V1_ControlMessage
                switch received {
                case .malformed:
                    logger.warning("dropped a malformed message from the core")
                    continue
                case .answered:
                    lastHeardCore = now
                    if batch.isDue(holding: wireReplies.count, at: nanos) {
                        flush(&wireReplies, on: socket)
                        batch.restart(at: monotonicNanos())
                    }
                    continue
                case .message(let decoded):
                    message = decoded
                }
                lastHeardCore = now
                switch message.body {
                case .welcome(let w):
                    welcome = w
                    interval = Int64(max(10, w.heartbeatIntervalMs))
                    // The next beat was timed with the pre-welcome interval (1 s): a core with a shorter
                    // one would take us for gone before it came.
                    nextBeat = min(nextBeat, monotonicMillis() + interval)
                    logger.info("registered", metadata: ["plugin": "\(w.pluginID)", "map": "\(w.mapID)"])
                    for command in commandsAfterWelcome(w) { try send(.with { $0.command = command }, on: socket) }
                case .commandReply(let reply):
                    onCommandReply(reply)
                case .request(let request):
                    if let asyncHandler, let channel { asyncHandler(request, channel) }
                    else if let worker { try worker.submit(request) }
                    else if let reply = handler(request) {
                        try send(.with { $0.reply = reply }, on: socket)
                        for command in commandsAfterReply(reply) { try send(.with { $0.command = command }, on: socket) }
                    }
                case .error(let e) where e.code == .notRegistered:
                    welcome = nil
                    nextBeat = 0
                case .error(let e):
                    logger.warning("the core reported an error: \(e.message)")
                case .heartbeat:
                    break
                default:
                    // Tolerate message types this plugin does not know (a newer core).
                    break
                }
            }
        }
        try? send(.with { $0.goodbye = .init() }, on: socket)
        // Give the goodbye up to 200 ms to leave when the context ends: with no linger it is dropped.
        try? socket.setLinger(milliseconds: 200)
    }

    private func helloMessage() -> Mapwire_V1_ControlMessage {
        .with {
            $0.hello = .with {
                $0.name = description.name
                $0.roles = description.roles
                $0.capabilities = description.capabilities
                $0.protocolVersion = mapWireProtocolVersion
                $0.pid = UInt32(ProcessInfo.processInfo.processIdentifier)
            }
        }
    }

    private func heartbeatMessage() -> Mapwire_V1_ControlMessage {
        .with { $0.heartbeat = .with { $0.sentUnixNanos = unixNanosNow() } }
    }

    /// What one receive gave: a message the wire handler answered, one to handle, or bytes that are not one.
    private enum Received {
        case answered
        case message(Mapwire_V1_ControlMessage)
        case malformed
    }

    /// Sends the wire handler's replies from their batch buffer and empties it.
    private func flush(_ replies: inout WireReplies, on socket: ZMQSocket) {
        guard !replies.isEmpty else { return }
        replies.forEach { bytes in
            do throws(ZMQError) { try socket.send(bytes, dontWait: true) }
            catch where error.wouldBlock { logger.debug("the core's queue is full; reply dropped") }
            catch { logger.warning("a reply could not be sent: \(error)") }
        }
        replies.removeAll()
    }

    /// Sends a reply the worker encoded, without blocking (as `send`).
    private func forward(_ frames: [Data], on socket: ZMQSocket) throws {
        do { try socket.send(frames, dontWait: true) }
        catch where error.wouldBlock { logger.debug("the core's queue is full; reply dropped") }
    }

    /// Sends without blocking; a full queue (the core is not there yet) drops the message, and the
    /// next heartbeat or hello tries again.
    private func send(_ message: Mapwire_V1_ControlMessage, on socket: ZMQSocket) throws {
        do { try socket.send([ControlCodec.encode(message)], dontWait: true) }
        catch where error.wouldBlock { logger.debug("the core's queue is full; message dropped") }
    }
}
