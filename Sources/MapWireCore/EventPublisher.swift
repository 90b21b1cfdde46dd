import Foundation
import MapWireBus
import MapWireProtocol
import MapWirePluginKit

/// Publishes events on the core's XPUB socket: numbers them, stamps them, encodes each once
/// whatever the number of subscribers, and greets every new subscription with a welcome.
final class EventPublisher {
    let socket: ZMQSocket
    let epoch: UInt64
    let mapID: String
    private(set) var sequence: UInt64 = 0
    /// Subscribers connected now: each subscribes once to "" or to "welcome" (see PROTOCOL.md).
    private(set) var subscribers = 0
    /// Messages from subscribers that were not (un)subscriptions (an XSUB can send anything).
    private(set) var malformedSubscriptions = 0
    /// One buffer for every event: encoded once, whatever the number of subscribers.
    private var writer = EnvelopeWriter()

    init(socket: ZMQSocket, epoch: UInt64, mapID: String, highWaterMark: Int32 = 200_000) throws(ZMQError) {
        self.socket = socket
        self.epoch = epoch
        self.mapID = mapID
        // Pass every subscription up (not only the first per topic) so each subscriber gets a welcome.
        // "Verboser" also passes unsubscriptions up, including those of subscribers that disconnect.
        try socket.setOption(XPUBOption.verboser, Int32(1))
        // Deep but bounded queues: a burst of a map load must not drop events for a subscriber that
        // keeps up, and one that never reads costs at most this many queued events (PROTOCOL.md 4.4).
        try socket.setHighWaterMarks(send: highWaterMark, receive: 1000)
        // Subscriptions are short; anything bigger is not one.
        try socket.setMaxMessageSize(64 << 10)
    }

    /// Publishes one event now.
    func publish(_ payload: Mapwire_V1_Envelope.OneOf_Payload, beginUnixNanos: Int64? = nil) {
        sequence += 1
        send(payload, sequence: sequence, beginUnixNanos: beginUnixNanos)
    }

    private func send(_ payload: Mapwire_V1_Envelope.OneOf_Payload, sequence: UInt64, beginUnixNanos: Int64?) {
        let now = unixNanosNow()
        writer.encode(protocolVersion: mapWireProtocolVersion, epoch: epoch, sequence: sequence,
                      beginUnixNanos: beginUnixNanos ?? now, endUnixNanos: now, mapID: mapID, payload: payload)
        var topic = payload.topic
        // PUB semantics: a subscriber past its high-water mark misses the event; the core never waits.
        topic.withUTF8 { topicBytes in
            writer.bytes.withUnsafeBytes { body in try? socket.send(UnsafeRawBufferPointer(topicBytes), body, dontWait: true) }
        }
    }

    /// Reads pending subscription messages and welcomes each new subscription.
    func handleSubscriptions() {
        while let frames = try? socket.receive(dontWait: true) {
            guard frames.count == 1, let frame = frames.first, let kind = frame.first, kind <= 1 else {
                malformedSubscriptions += 1
                continue
            }
            let prefix = String(decoding: frame.dropFirst(), as: UTF8.self)
            let countsSubscriber = prefix.isEmpty || prefix == "welcome"
            if kind == 0 {
                if countsSubscriber { subscribers = max(0, subscribers - 1) }
                continue
            }
            if countsSubscriber { subscribers += 1 }
            send(.welcome(.with { $0.topicPrefix = prefix }), sequence: sequence, beginUnixNanos: nil)
        }
    }
}
