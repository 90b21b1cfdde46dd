import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol
import MapWireSession

/// Publishes events on the core's XPUB socket: stamps them and encodes each once whatever the number
/// of subscribers. The session numbers them and decides on welcomes; this only writes.
final class EventPublisher {
    let socket: ZMQSocket
    let epoch: UInt64
    let mapID: String
    /// One buffer for every event: encoded once, whatever the number of subscribers.
    private var writer: EnvelopeWriter

    init(socket: ZMQSocket, epoch: UInt64, mapID: String, highWaterMark: Int32 = 200_000) throws(ZMQError) {
        self.socket = socket
        self.epoch = epoch
        self.mapID = mapID
        writer = EnvelopeWriter(protocolVersion: mapWireProtocolVersion, epoch: epoch, mapID: mapID)
        // Pass every subscription up (not only the first per topic) so each subscriber gets a welcome.
        // "Verboser" also passes unsubscriptions up, including those of subscribers that disconnect.
        try socket.setOption(XPUBOption.verboser, Int32(1))
        // Deep but bounded queues: a burst of a map load must not drop events for a subscriber that
        // keeps up, and one that never reads costs at most this many queued events (PROTOCOL.md 4.4).
        try socket.setHighWaterMarks(send: highWaterMark, receive: 1000)
        // Subscriptions are short. Up to twice the session's limit is read, so that the session counts
        // what is over it; past that libzmq drops the subscriber's connection (PROTOCOL.md 3.3).
        try socket.setMaxMessageSize(Int64(CoreSession.largestSubscriptionBytes) * 2)
    }

    /// Publishes one event now, under the sequence number the session gave it, with the id of the
    /// command that caused it; `benchmark` marks the events of bench-publish.
    func publish(_ payload: EventPayload, sequence: UInt64, causationID: UInt64 = 0, benchmark: Bool = false) {
        Self.encodeAndSend(&writer, socket: socket, payload: payload, sequence: sequence, causationID: causationID,
                           benchmark: benchmark)
    }

    /// One access to the writer for both its encoding and its bytes' send: a class's stored property
    /// costs a dynamic exclusivity check per access, and this runs once per event.
    private static func encodeAndSend(_ writer: inout EnvelopeWriter, socket: ZMQSocket, payload: EventPayload,
                                      sequence: UInt64, causationID: UInt64, benchmark: Bool) {
        // PUB semantics: a subscriber past its high-water mark misses the event; the core never waits.
        payload.encode(into: &writer, sequence: sequence, unixNanos: unixNanosNow(), benchmark: benchmark,
                       causationID: causationID) { topic, body in _ = try? socket.send(topic, body, dontWait: true) }
    }

    /// The messages waiting on the socket: (un)subscriptions, or anything else an XSUB sent (a
    /// message of several frames comes as an empty one, which is no subscription either).
    func receiveSubscriptions() -> [Data] {
        var messages: [Data] = []
        while let frames = try? socket.receive(dontWait: true) {
            messages.append(frames.count == 1 ? frames[0] : Data())
        }
        return messages
    }
}
