import Foundation
import Logging
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol
import MapWireSession
import MapWireWireFormat

/// The core process: a shell around the session. It binds the control ROUTER and the events XPUB,
/// turns what arrives into session inputs, writes the session's outputs, and sleeps until the next
/// deadline. Everything happens on the thread that calls `run()` (a blocking zmq_poll loop, never on
/// the cooperative pool), so the session and sockets need no locks. For the same reason its state has no
/// dynamic exclusivity checks (`@exclusivity(unchecked)`): one thread, one access at a time.
public final class CoreServer: CoreShell {
    let configuration: CoreConfiguration
    let logger: Logger
    let context = ZMQContext()
    let router: ZMQSocket
    let publisher: EventPublisher
    public let session: CoreSession
    /// Admits CurveZMQ clients on the TCP endpoints; nil without --tcp (CoreServer+TCP.swift).
    var zap: ZAPHandler?
    /// TCP connections the ZAP handler refused since the last step, told to the session.
    @exclusivity(unchecked) var refusals: [String] = []
    /// Large set-style-json parses, off the loop thread.
    let styleParser = StyleParser()
    /// Freed memory kept for the next bursts, given back once the bus is quiet.
    @exclusivity(unchecked) private var freedMemory = FreedMemoryReturn()
    /// Control messages stepped, and the writes of their outputs (`drainControl`): logged when the core
    /// stops, so a run shows how many messages each burst of sends carried.
    @exclusivity(unchecked) private var controlSteps = (messages: 0, writes: 0)
    /// Peers a send found unreachable during the current outputs, told to the session afterwards.
    @exclusivity(unchecked) private var unreachable: [Data] = []
    /// The load request being sent: written into one buffer kept from send to send (`sendRequest`).
    /// Unchecked exclusivity: only `sendRequest` touches it, on the loop's one thread, one access after the
    /// other (write, then read for the send); the dynamic checks were two per request.
    @exclusivity(unchecked) private var requestWriter = ProtobufRawWriter(capacity: 512)
    /// What is built around this shell (the benchmark core's commands); nil in `mapwire-core`.
    private let shellExtension: (any CoreShellExtension)?
    /// Requests the extension submitted, stepped into the session after the current outputs.
    @exclusivity(unchecked) private var submitted: [ShellRequest] = []
    /// Whether the extension published since the bus was last marked active.
    @exclusivity(unchecked) private var extensionPublished = false

    /// Binds the sockets in the run directory. Throws when the folder is unsafe or a core already answers there.
    public init(configuration: CoreConfiguration, logger: Logger, extension shellExtension: (any CoreShellExtension)? = nil) throws {
        self.configuration = configuration
        self.logger = logger
        self.shellExtension = shellExtension
        if !FreedMemoryReturn.keepFreedMemory() { logger.warning("glibc refused to keep freed memory: bursts will fault their pages in") }
        let dir = configuration.runDirectory
        try dir.prepare()
        if ControlClient.coreAnswers(at: dir.controlEndpoint) {
            throw CoreStartError.alreadyRunning(dir.path)
        }
        // A socket file left by a core that died is stale: nothing answers it.
        unlink(dir.path + "/control")
        unlink(dir.path + "/events")
        router = try ZMQSocket(context, type: .router)
        try router.setRouterMandatory(true)
        try router.setHighWaterMarks(send: 100_000, receive: 100_000)
        try router.setMaxMessageSize(configuration.controlReceiveCap)
        try router.bind(dir.controlEndpoint)
        let xpub = try ZMQSocket(context, type: .xpub)
        let epoch = UInt64.random(in: 1...UInt64.max)
        publisher = try EventPublisher(socket: xpub, epoch: epoch, mapID: configuration.mapID,
                                       highWaterMark: configuration.eventsHighWaterMark)
        try xpub.bind(dir.eventsEndpoint)
        session = CoreSession(configuration: configuration.session(epoch: epoch), logger: logger,
                              requestIDs: RequestIDs(BatchedSystemRandom()), at: Self.time())
        if let tcp = configuration.tcp { try bindTCP(tcp) }
    }

    /// A handle another thread (a signal handler) can use to stop the loop.
    public var stopHandle: CoreStopHandle { CoreStopHandle(context: context) }

    /// Messages that could not be handled (malformed, unknown, out of place), for logs and tests.
    public var rejectedMessages: Int { session.rejectedMessages }

    /// Runs until stopped through `stopHandle`.
    public func run() throws {
        logger.info("listening", metadata: ["control": "\(configuration.runDirectory.controlEndpoint)",
                                            "events": "\(configuration.runDirectory.eventsEndpoint)"])
        var poller = ZMQPoller([router, publisher.socket] + (zap.map { [$0.socket] } ?? []))
        while true {
            guard let ready = pollOnce(&poller) else { break }
            if ready[0] { drainControl() }
            if ready[1] {
                for message in publisher.receiveSubscriptions() {
                    if message.first == 0 { freedMemory.busActive(now: monotonicMillis()) }
                    step(.subscription(message))
                }
            }
            if ready.count > 2, ready[2] { zap?.handlePending() }
            for reason in refusals { step(.connectionRefused(reason: reason)) }
            refusals = []
            for parsed in styleParser.takeFinished() { step(parsed) }
            step(.tick)
            freedMemory.returnIfDue(now: monotonicMillis(), logger: logger)
        }
        router.close()
        publisher.socket.close()
        zap?.socket.close()
        // libzmq unlinks ipc files only when its I/O thread gets to it; do it now so a stopped core
        // leaves no socket behind.
        unlink(configuration.runDirectory.path + "/control")
        unlink(configuration.runDirectory.path + "/events")
        logger.info("stopped", metadata: ["control-messages": "\(controlSteps.messages)", "control-writes": "\(controlSteps.writes)"])
    }

    // MARK: Loop

    static func time() -> SessionTime {
        SessionTime(monotonicNanos: monotonicNanos(), unixNanos: unixNanosNow())
    }

    /// One input to the session, then its outputs; a peer found unreachable is the next input.
    private func step(_ input: SessionInput) {
        session.step(input, at: Self.time())
        flushOutputs()
    }

    /// Writes the session's outputs; a peer a send found unreachable is the next input, then what the
    /// extension submitted.
    private func flushOutputs() {
        writeOutputs()
        while true {
            if let shellExtension {
                shellExtension.run(self)
                if extensionPublished { freedMemory.busActive(now: monotonicMillis()) }
                extensionPublished = false
            }
            if !unreachable.isEmpty {
                session.step(.unreachable(unreachable.removeFirst()), at: Self.time())
            } else if !submitted.isEmpty {
                let requests = submitted
                submitted.removeAll(keepingCapacity: true)
                session.step(.requests(requests), at: Self.time())
            } else {
                return
            }
            writeOutputs()
        }
    }

    // MARK: CoreShell, for the extension

    public var mapID: String { configuration.mapID }

    public func submit(_ requests: [ShellRequest]) {
        submitted.append(contentsOf: requests)
    }

    public func publish(_ payload: EventPayload, sequence: UInt64, causationID: UInt64, benchmark: Bool) {
        publisher.publish(payload, sequence: sequence, causationID: causationID, benchmark: benchmark)
        extensionPublished = true
    }

    public func reply(_ message: Mapwire_V1_ControlMessage, to identity: Data) {
        send(message, to: identity)
    }

    private func writeOutputs() {
        var published = false
        session.drainOutputs { output in
            switch output {
            case .publish(let payload, let sequence, let causationID):
                published = true
                publisher.publish(payload, sequence: sequence, causationID: causationID)
            case .send(let message, let identity):
                send(message, to: identity)
            case .sendRequest(let request, let identity):
                sendRequest(request, to: identity)
            case .requestFinished(let request):
                shellExtension?.finished(request)
            case .parseStyle(let job):
                styleParser.start(job)
            }
        }
        if published { freedMemory.busActive(now: monotonicMillis()) }
    }

    /// A message the session built: a render frame (and any kind swift-protobuf writes) is serialized once,
    /// into libzmq's own message, which is sent without a copy; its tiles' bytes are not copied again here.
    private func send(_ message: Mapwire_V1_ControlMessage, to identity: Data) {
        switch ControlCodec.encode(message, as: ZMQMessageBytes.self) {
        case .generated(let bytes): send(bytes, to: identity)
        case .serialized(let body):
            // Not sent (a peer gone, a full queue): `body` closes its message when dropped.
            sent(to: identity) { id in
                do throws(ZMQError) { try router.send(id, body, dontWait: true) } catch { return error }
                return nil
            }
        }
    }

    /// A load request goes out from the writer's buffer, no `Data` made for it; other kinds through
    /// `OutgoingRequest.encoded()`.
    private func sendRequest(_ request: OutgoingRequest, to identity: Data) {
        guard let load = request.plainLoad else { return send(request.encoded(), to: identity) }
        requestWriter.removeAll()
        Mapwire_V1_ControlMessage.writeRequest(load, to: &requestWriter)
        sent(to: identity) { id in
            requestWriter.withBytes { body -> ZMQError? in
                do throws(ZMQError) { try router.send(id, body, dontWait: true) } catch { return error }
                return nil
            }
        }
    }

    private func send(_ bytes: Data, to identity: Data) {
        // The two frames from their buffers: no array of frames made per message.
        sent(to: identity) { id in
            bytes.withUnsafeBytes { body -> ZMQError? in
                do throws(ZMQError) { try router.send(id, body, dontWait: true) } catch { return error }
                return nil
            }
        }
    }

    /// Runs one send to `identity` (the attempt returns its error); a failure is logged, and a peer gone is
    /// told to the session afterwards.
    private func sent(to identity: Data, _ attempt: (UnsafeRawBufferPointer) -> ZMQError?) {
        let failure = identity.withUnsafeBytes { attempt($0) }
        if let error = failure {
            // EHOSTUNREACH: the peer's connection is gone; the session hears of it after these outputs.
            logger.debug("send to peer failed: \(error)")
            if error.code == EHOSTUNREACH, !unreachable.contains(identity) { unreachable.append(identity) }
        }
    }

    /// One poll; nil once the context is shut down (the stop signal).
    private func pollOnce(_ poller: inout ZMQPoller) -> [Bool]? {
        let wait = min(session.nextDeadlineMillis, freedMemory.dueMillis ?? .max) - Self.time().millis
        // A parse in flight has no socket to wake the poll: look for its result every 10 ms.
        let longest: Int64 = styleParser.isBusy ? 10 : 1000
        do { return try poller.poll(timeoutMilliseconds: Int(max(0, min(wait, longest)))) }
        catch {
            if !error.terminated { logger.error("poll failed: \(error)") }
            return nil
        }
    }

    /// Handles what is queued, a bounded batch at a time so timers and frames keep running under load.
    /// Up to `stepsPerWrite` messages are stepped before their outputs are written, in order, as one burst:
    /// libzmq wakes its I/O thread (an `eventfd` write) when a send finds the pipe empty and that thread
    /// asleep, so requests sent one per reply woke it once each (BENCHMARKS.md, "The core's requests").
    private func drainControl() {
        let limit = Int(clamping: configuration.maxMessageBytes)
        var handled = 0
        while handled < 1000 {
            var stepped = 0
            while stepped < Self.stepsPerWrite {
                // Stepped inside the receive, while libzmq's frames are lent: the input is a temporary of a
                // known type. Returned through the generic `receiveControl` as an optional, it was destroyed
                // through value witnesses (`Optional<SessionInput>`: ≈ 1,000 instructions a message).
                let received: Void?
                do {
                    received = try router.receiveControl(dontWait: true) {
                        if $2 == 2, $3 <= limit, $1.count >= Self.offLoopDecodeBytes {
                            // A large message (a big style, a big resource) is decoded off the loop, so that
                            // pings and events keep flowing while it is (PROTOCOL.md 3.3).
                            return styleParser.decode(Data($1), from: Data($0))
                        }
                        let input = Self.input(identity: $0, body: $1, frames: $2, largest: $3, limit: limit)
                        // Only a command can be the extension's: a reply is not taken apart (copied) to ask.
                        if let shellExtension, case .control(_, .message, _) = input, case .control(let from, let message, _) = input,
                           shellExtension.take(message, from: from) { return }
                        session.step(consume input, at: Self.time())
                    }
                } catch { logger.warning("control receive failed: \(error)"); break }
                guard received != nil else { break }
                stepped += 1
            }
            if stepped > 0 {
                flushOutputs()
                controlSteps.messages += stepped
                controlSteps.writes += 1
            }
            handled += stepped
            if stepped < Self.stepsPerWrite { return }
        }
    }

    /// Messages stepped before their outputs are written (`drainControl`).
    static let stepsPerWrite = 64
    /// A control message this large or larger is decoded off the loop (`StyleParser.decode`).
    static let offLoopDecodeBytes = 1 << 20

    /// What one received control message is to the session, decoded here from libzmq's buffers: every
    /// control message is decoded in this one place (`IncomingControl`), and a resource's or a frame's bytes
    /// are copied once, out of the socket's buffer, and never again on their way to the map and the renderer.
    static func input(identity: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer, frames: Int, largest: Int,
                      limit: Int) -> SessionInput {
        // Over the limit: refused unread (only what its first bytes say, and the identity's first bytes, are kept).
        func copy(_ frame: UnsafeRawBufferPointer) -> Data {
            let kept = frame.count > limit ? min(frame.count, 32) : frame.count
            return kept == 0 ? Data() : Data(bytes: frame.baseAddress!, count: kept)
        }
        if largest > limit, frames >= 2 {
            return .tooLarge(from: copy(identity), bytes: largest, limit: limit, head: ControlMessageHead(body))
        }
        guard frames == 2 else { return .malformed(from: copy(identity), frames: frames) }
        return .control(from: copy(identity), IncomingControl(body), bytes: body.count)
    }
}

/// Stops a running core from any thread.
public struct CoreStopHandle: Sendable {
    let context: ZMQContext
    public func stop() { context.shutdown() }
}

public enum CoreStartError: Error, CustomStringConvertible {
    case alreadyRunning(String)
    case tcpUnavailable(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): "another core already answers in \(path); stop it or use another --run-dir"
        case .tcpUnavailable(let why): "cannot listen on TCP: \(why)"
        }
    }
}
