import Foundation
import HummingbirdWebSocket
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol
import MapWireServeInput
import NIOCore
import Synchronization

/// The live view of one style: every browser watching it gets each frame (a PNG, binary message) and
/// each event (the monitor's JSON, text message); what a browser sends are gestures for the core, and
/// queries about what is under a click, answered to that browser alone.
/// Each frame is the map's own (a render-view without a camera: the core draws the map's frame with its
/// image, or hands over the last one when nothing changed since, so nothing is drawn twice), asked for
/// whenever the map's camera changed or it drew a frame, one request at a time, so a slow renderer
/// lowers the frame rate instead of queueing frames. Each browser has its own mailbox and writer: one that
/// does not read is dropped and never holds the others back. A reload attaches the hub to the new core;
/// the browsers stay connected.
public actor LiveHub {
    private(set) var style: ServedStyle
    private var clients: [UUID: LiveClient] = [:]
    private var latestFrame: ByteBuffer?
    private var frameWanted = true
    private var drawing = false
    private var feed: Task<Void, Never>?

    public init(style: ServedStyle) {
        self.style = style
    }

    /// Follows `style`'s core from now on (the first call, or a reload's new core): its events and frames.
    public func attach(_ style: ServedStyle) {
        feed?.cancel()
        self.style = style
        latestFrame = nil
        frameWanted = true
        let endpoint = style.eventsEndpoint
        feed = Task { [weak self] in await self?.run(eventsEndpoint: endpoint) }
        drawFrameIfWanted()
    }

    /// Stops following the core (the server stops).
    public func detach() {
        feed?.cancel()
        feed = nil
        for client in clients.values { client.drop() }
    }

    /// Feeds the hub from the style's event stream until the task is cancelled.
    private nonisolated func run(eventsEndpoint: String) async {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let stop = StopFlag()
        // The subscriber blocks in zmq_poll: it runs on a thread of its own, never on the cooperative pool.
        let thread = Thread {
            guard let subscriber = try? EventSubscriber(endpoint: eventsEndpoint) else { return continuation.finish() }
            while !stop.isStopped {
                guard case .event(_, let envelope)? = try? subscriber.next(timeoutMilliseconds: 100),
                      let line = envelope.monitorJSON?.serialized else { continue }
                continuation.yield(line)
            }
            continuation.finish()
        }
        thread.name = "mapwire-serve-live-events"
        thread.start()
        await withTaskCancellationHandler {
            for await line in stream { await event(line) }
        } onCancel: {
            stop.stop()
        }
    }

    private func event(_ line: String) {
        // The map drew a frame: the browsers get one too.
        if line.contains("\"type\":\"render-frame-finished\"") || line.contains("\"type\":\"camera-changed\"") { frameWanted = true }
        for client in clients.values { client.post(event: line) }
        drawFrameIfWanted()
    }

    /// A browser connected: it gets a hello, the latest frame, and everything from now on; its
    /// messages are gestures until it goes (or is dropped: `channel` closed).
    public func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: (any Channel)? = nil) async {
        let id = UUID()
        let client = LiveClient(outbound: outbound, channel: channel)
        let camera = try? await style.bridge.send(.getCamera(.init()), timeoutMilliseconds: 2000).camera
        client.post(event: Self.jsonLine(["kind": "hello", "style": style.id, "width": camera?.width ?? 512, "height": camera?.height ?? 512]))
        if let latestFrame { client.post(frame: latestFrame) }
        // The load status so far, as the events that set it (a late joiner missed them).
        if let report = try? await style.bridge.send(.getLoadStatus(.init()), timeoutMilliseconds: 2000), report.ok {
            for line in Self.replayed(report.loadStatus, now: Date()) { client.post(event: line) }
        }
        clients[id] = client
        frameWanted = true
        drawFrameIfWanted()
        do {
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case .text(let text) = message else { continue }
                await gesture(text, client: client)
            }
        } catch {}
        clients[id] = nil
        client.drop()
    }

    /// The load status as the events that set it, dated `now` (they are news to the browser now; an
    /// envelope without a time would read as 1970).
    static func replayed(_ report: Mapwire_V1_LoadStatusReport, now: Date) -> [String] {
        let nanos = Int64(now.timeIntervalSince1970 * 1e9)
        return report.statuses.compactMap { status in
            let envelope = Mapwire_V1_Envelope.with {
                $0.protocolVersion = 1
                $0.beginUnixNanos = nanos
                $0.endUnixNanos = nanos
                $0.payload = .loadStatusChanged(status)
            }
            return envelope.monitorJSON?.serialized
        }
    }

    private func gesture(_ text: String, client: LiveClient) async {
        if let query = LiveQuery.parse(text) { return await self.query(query, client: client) }
        let gesture: Mapwire_V1_Gesture
        switch LiveGesture.parse(text) {
        case .failure(let refusal): return client.post(event: Self.errorLine(refusal.description))
        case .success(let parsed): gesture = parsed
        }
        let answer = try? await style.bridge.send(.gesture(gesture), timeoutMilliseconds: 2000)
        if let answer, !answer.ok { client.post(event: Self.errorLine(answer.error)) }
    }

    /// A click's question: the features under it, for that browser alone.
    private func query(_ parsed: Result<Mapwire_V1_QueryRenderedFeatures, LiveGesture.Refusal>, client: LiveClient) async {
        let query: Mapwire_V1_QueryRenderedFeatures
        switch parsed {
        case .failure(let refusal): return client.post(event: Self.errorLine(refusal.description))
        case .success(let asked): query = asked
        }
        guard let answer = try? await style.bridge.send(.queryRenderedFeatures(query), timeoutMilliseconds: 5000) else {
            return client.post(event: Self.errorLine("the core did not answer the query"))
        }
        guard answer.ok else { return client.post(event: Self.errorLine(answer.error)) }
        client.post(event: LiveQuery.answer(featuresJSON: answer.features.featuresJson, x: query.point.x, y: query.point.y))
    }

    static func errorLine(_ message: String) -> String { jsonLine(["kind": "error", "message": message]) }

    static func jsonLine(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func drawFrameIfWanted() {
        guard frameWanted, !drawing, !clients.isEmpty else { return }
        frameWanted = false
        drawing = true
        Task { await drawFrame() }
    }

    private func drawFrame() async {
        defer {
            drawing = false
            drawFrameIfWanted()
        }
        let style = style
        guard let reply = try? await style.bridge.send(.renderView(.with { $0.timeoutMs = 10_000 }), timeoutMilliseconds: 12_000),
              reply.ok, style === self.style else { return }
        let frame = ByteBuffer(bytes: reply.snapshot.png)
        // The frame the browsers have already (asked for again after the event of the frame it came with).
        guard frame != latestFrame else { return }
        latestFrame = frame
        for client in clients.values { client.post(frame: frame) }
    }
}

/// One browser of the live view: its mailbox, and the task that writes it out.
final class LiveClient: Sendable {
    private final class Box: Sendable {
        let mailbox = Mutex(LiveMailbox<ByteBuffer>())
    }

    private let box: Box
    private let wake: AsyncStream<Void>.Continuation
    private let channel: (any Channel)?
    private let writer: Task<Void, Never>

    init(outbound: WebSocketOutboundWriter, channel: (any Channel)?) {
        let (signals, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        self.channel = channel
        let box = Box()
        self.box = box
        writer = Task {
            for await _ in signals {
                let messages = box.mailbox.withLock { $0.take(now: monotonicMillis()) }
                do {
                    for message in messages {
                        switch message {
                        case .text(let line): try await outbound.write(.text(line))
                        case .frame(let frame): try await outbound.write(.binary(frame))
                        }
                    }
                } catch {
                    break
                }
                box.mailbox.withLock { $0.written() }
            }
        }
    }

    func post(event: String) {
        box.mailbox.withLock { $0.post(event: event) }
        deliver()
    }

    func post(frame: ByteBuffer) {
        box.mailbox.withLock { $0.post(frame: frame) }
        deliver()
    }

    private func deliver() {
        if box.mailbox.withLock({ $0.isStuck(now: monotonicMillis()) }) { return drop() }
        wake.yield()
    }

    /// Closes the connection: the browser's handling ends, and its writer with it.
    func drop() {
        wake.finish()
        writer.cancel()
        channel?.close(promise: nil)
    }

    deinit { writer.cancel() }
}
