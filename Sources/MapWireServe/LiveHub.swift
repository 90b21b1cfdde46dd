import Foundation
import HummingbirdWebSocket
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol
import NIOCore

/// The live view of one style: every browser watching it gets each frame (a PNG, binary message) and
/// each event (the monitor's JSON, text message); what a browser sends are gestures for the core.
/// Each frame is the map's own (a render-view without a camera: the core draws the map's frame with its
/// image, or hands over the last one when nothing changed since, so nothing is drawn twice), asked for
/// whenever the map's camera changed or it drew a frame, one request at a time, so a slow renderer
/// lowers the frame rate instead of queueing frames.
public actor LiveHub {
    let style: ServedStyle
    private var clients: [UUID: WebSocketOutboundWriter] = [:]
    private var latestFrame: ByteBuffer?
    private var frameWanted = true
    private var drawing = false

    public init(style: ServedStyle) {
        self.style = style
    }

    /// Feeds the hub from the style's event stream until the task is cancelled.
    public nonisolated func run(eventsEndpoint: String) async {
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

    private func event(_ line: String) async {
        // The map drew a frame: the browsers get one too.
        if line.contains("\"type\":\"render-frame-finished\"") || line.contains("\"type\":\"camera-changed\"") { frameWanted = true }
        for (id, writer) in clients {
            do { try await writer.write(.text(line)) } catch { clients[id] = nil }
        }
        drawFrameIfWanted()
    }

    /// A browser connected: it gets a hello, the latest frame, and everything from now on; its
    /// messages are gestures until it goes.
    public func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let id = UUID()
        let camera = try? await style.bridge.send(.getCamera(.init()), timeoutMilliseconds: 2000).camera
        let hello = "{\"kind\":\"hello\",\"style\":\"\(style.id)\",\"width\":\(camera?.width ?? 512),\"height\":\(camera?.height ?? 512)}"
        try? await outbound.write(.text(hello))
        if let latestFrame { try? await outbound.write(.binary(latestFrame)) }
        // The load status so far, as the events that set it (a late joiner missed them).
        if let report = try? await style.bridge.send(.getLoadStatus(.init()), timeoutMilliseconds: 2000), report.ok {
            for status in report.loadStatus.statuses {
                let envelope = Mapwire_V1_Envelope.with { $0.payload = .loadStatusChanged(status) }
                if let line = envelope.monitorJSON?.serialized { try? await outbound.write(.text(line)) }
            }
        }
        clients[id] = outbound
        frameWanted = true
        drawFrameIfWanted()
        do {
            for try await message in inbound.messages(maxSize: 1 << 16) {
                guard case .text(let text) = message else { continue }
                await gesture(text, reply: outbound)
            }
        } catch {}
        clients[id] = nil
    }

    private func gesture(_ text: String, reply: WebSocketOutboundWriter) async {
        guard let gesture = LiveGesture.command(fromJSON: text) else {
            try? await reply.write(.text("{\"kind\":\"error\",\"message\":\"not a gesture\"}"))
            return
        }
        let answer = try? await style.bridge.send(.gesture(gesture), timeoutMilliseconds: 2000)
        if let answer, !answer.ok {
            let message = answer.error.replacingOccurrences(of: "\"", with: "'")
            try? await reply.write(.text("{\"kind\":\"error\",\"message\":\"\(message)\"}"))
        }
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
        guard let reply = try? await style.bridge.send(.renderView(.with { $0.timeoutMs = 10_000 }), timeoutMilliseconds: 12_000),
              reply.ok else { return }
        let frame = ByteBuffer(bytes: reply.snapshot.png)
        // The frame the browsers have already (asked for again after the event of the frame it came with).
        guard frame != latestFrame else { return }
        latestFrame = frame
        for (id, writer) in clients {
            do { try await writer.write(.binary(frame)) } catch { clients[id] = nil }
        }
    }
}

/// A browser's gesture message: {"kind": "pan", "phase": "began|changed|ended", "x", "y", "dx", "dy",
/// "scale", "degrees"}, kinds as PROTOCOL.md names them (tap, double-tap, pan, pinch, rotation, two-finger-pan).
public enum LiveGesture {
    public static func command(fromJSON text: String) -> Mapwire_V1_Gesture? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let kindName = object["kind"] as? String else { return nil }
        let kinds: [String: Mapwire_V1_GestureKind] = ["tap": .tap, "double-tap": .doubleTap, "long-press": .longPress, "pan": .pan,
                                                       "pinch": .pinch, "rotation": .rotation, "two-finger-pan": .twoFingerPan,
                                                       "two-finger-tap": .twoFingerTap]
        let phases: [String: Mapwire_V1_GesturePhase] = ["began": .began, "changed": .changed, "ended": .ended]
        guard let kind = kinds[kindName] else { return nil }
        let number = { (key: String) -> Double in ((object[key] as? NSNumber)?.doubleValue).flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        return .with {
            $0.kind = kind
            $0.phase = (object["phase"] as? String).flatMap { phases[$0] } ?? .unspecified
            $0.location = .with { $0.x = number("x"); $0.y = number("y") }
            $0.translation = .with { $0.x = number("dx"); $0.y = number("dy") }
            $0.scale = kind == .pinch ? (number("scale") > 0 ? number("scale") : 1) : number("scale")
            $0.degrees = number("degrees")
        }
    }
}
