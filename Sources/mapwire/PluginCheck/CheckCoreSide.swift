import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol

/// The core's side of the protocol, played by `mapwire plugin-check`: a ROUTER and an XPUB bound in a
/// private run directory. It records everything the plugin sends, greets subscriptions with a welcome
/// (4.2), and sends heartbeats while `beating` is on. Used from one thread (the command's).
final class CheckCoreSide {
    /// One control message from the plugin, as received.
    struct Received {
        let atMillis: Int64
        /// The frames after the ROUTER's identity frame (a well-behaved plugin sends exactly one).
        let frames: [Data]
        /// The decoded message, when it is one frame holding a valid ControlMessage.
        let message: Mapwire_V1_ControlMessage?
    }

    let directory: RunDirectory
    let epoch = UInt64.random(in: 1 ... .max)
    private let control: ZMQSocket
    private let events: ZMQSocket
    private var poller: ZMQPoller
    private var identity: Data?
    private(set) var log: [Received] = []
    private(set) var subscriptions: [String] = []
    private var eventSequence: UInt64 = 0

    /// Core heartbeats to the plugin, every `intervalMillis`, while on.
    var beating = false
    var intervalMillis: Int64 = 200
    private var nextBeat: Int64 = 0

    init(directory: RunDirectory) throws {
        self.directory = directory
        try directory.prepare()
        control = try ZMQSocket(type: .router)
        events = try ZMQSocket(type: .xpub)
        try events.setOption(XPUBOption.verboser, Int32(1))
        try control.bind(directory.controlEndpoint)
        try events.bind(directory.eventsEndpoint)
        poller = ZMQPoller([control, events])
    }

    func close() {
        control.close()
        events.close()
    }

    // MARK: Receiving

    /// Reads and records whatever arrives for `millis` milliseconds.
    func pump(for millis: Int64) {
        let deadline = monotonicMillis() + millis
        while pumpOnce(until: deadline) {}
    }

    /// The log index of the first message from `index` on that `match` accepts, pumping up to
    /// `millis` for it.
    func find(_ millis: Int64, from index: Int, _ match: (Mapwire_V1_ControlMessage) -> Bool) -> Int? {
        let deadline = monotonicMillis() + millis
        var checked = index
        while true {
            while checked < log.count {
                if let message = log[checked].message, match(message) { return checked }
                checked += 1
            }
            guard pumpOnce(until: deadline) else { return nil }
        }
    }

    /// The reply to request `id` from log index `index` on, if one comes within `millis`, and when.
    func reply(to id: UInt64, from index: Int, within millis: Int64) -> (atMillis: Int64, reply: Mapwire_V1_PluginReply)? {
        guard let found = find(millis, from: index, { if case .reply(let r) = $0.body { r.id == id } else { false } }),
              case .reply(let reply)? = log[found].message?.body else { return nil }
        return (log[found].atMillis, reply)
    }

    /// One poll step; false once `deadline` has passed.
    private func pumpOnce(until deadline: Int64) -> Bool {
        let now = monotonicMillis()
        if beating, now >= nextBeat {
            send(.with { $0.heartbeat = .with { $0.epoch = epoch; $0.sentUnixNanos = unixNanosNow() } })
            nextBeat = now + intervalMillis
        }
        guard now < deadline else { return false }
        var wait = deadline - now
        if beating { wait = min(wait, max(0, nextBeat - now)) }
        guard let ready = try? poller.poll(timeoutMilliseconds: Int(min(wait, 100))) else { return true }
        if ready[0] { readControl() }
        if ready[1] { readSubscriptions() }
        return true
    }

    private func readControl() {
        while let frames = try? control.receive(dontWait: true) {
            guard let sender = frames.first else { continue }
            let body = Array(frames.dropFirst())
            let message = body.count == 1 ? try? ControlCodec.decode(body[0]) : nil
            // The session is the connection that said hello; a plugin may send commands on others.
            if case .hello? = message?.body { identity = sender }
            if identity == nil { identity = sender }
            log.append(Received(atMillis: monotonicMillis(), frames: body, message: message))
            // Commands (gesture claims, load statuses) get their one reply, as from a core.
            if case .command(let command)? = message?.body {
                let reply = Mapwire_V1_ControlMessage.with { $0.commandReply = .with { $0.id = command.id; $0.ok = true } }
                try? control.send([sender, ControlCodec.encode(reply)], dontWait: true)
            }
        }
    }

    /// Each subscription is answered with a welcome event, as the core does, so plugins that wait for
    /// their subscription to be live (4.2) go on to say hello.
    private func readSubscriptions() {
        while let frames = try? events.receive(dontWait: true) {
            guard let frame = frames.first, frame.first == 1 else { continue }
            let prefix = String(decoding: frame.dropFirst(), as: UTF8.self)
            subscriptions.append(prefix)
            publish(.welcome(.with { $0.topicPrefix = prefix }), counted: false)
        }
    }

    // MARK: Sending

    /// Sends a ControlMessage to the plugin (to the connection that said hello).
    func send(_ message: Mapwire_V1_ControlMessage) {
        sendFrames([ControlCodec.encode(message)])
    }

    /// Sends raw frames, for malformed and unknown messages.
    func sendFrames(_ frames: [Data]) {
        guard let identity else { return }
        try? control.send([identity] + frames, dontWait: true)
    }

    /// Publishes an event on the events socket; map events take the next sequence number.
    func publish(_ payload: Mapwire_V1_Envelope.OneOf_Payload, counted: Bool = true) {
        if counted { eventSequence += 1 }
        let now = unixNanosNow()
        let envelope = Mapwire_V1_Envelope.with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = epoch
            $0.sequence = eventSequence
            $0.beginUnixNanos = now
            $0.endUnixNanos = now
            $0.mapID = "plugin-check"
            $0.payload = payload
        }
        try? events.send(EnvelopeCodec.encode(envelope), dontWait: true)
    }

    /// A welcome as the core sends it, with a short heartbeat interval so the checks run quickly.
    func welcome() {
        send(.with {
            $0.welcome = .with {
                $0.protocolVersion = mapWireProtocolVersion
                $0.epoch = epoch
                $0.mapID = "plugin-check"
                $0.eventsEndpoint = directory.eventsEndpoint
                $0.heartbeatIntervalMs = UInt32(intervalMillis)
                $0.pluginID = "plugin-1"
            }
        })
        beating = true
        nextBeat = monotonicMillis() + intervalMillis
    }
}
