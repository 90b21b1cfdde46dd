import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol
import MapWireRecording

/// The replay core's events socket: an XPUB bound where a core's would be, that welcomes each
/// subscription like the core does and counts the subscribers.
final class ReplayPublisher {
    private let socket: ZMQSocket
    private var poller: ZMQPoller
    /// A new one per pass of `--loop`: subscribers see a core restart, not a gap.
    var epoch: UInt64
    let mapID: String
    private(set) var lastSequence: UInt64 = 0
    /// Subscriptions to "" or "welcome" (every MapWire subscriber makes one) minus their unsubscriptions.
    private(set) var subscribers = 0

    init(endpoint: String, epoch: UInt64, mapID: String) throws(ZMQError) {
        // Its own context, not the process-wide one (which is never terminated): when the publisher goes,
        // zmq_ctx_term waits out the linger below, so the last events reach subscribers before the process
        // exits instead of dying in libzmq's queue.
        socket = try ZMQSocket(ZMQContext(), type: .xpub)
        try socket.setOption(XPUBOption.verboser, Int32(1))
        try socket.setHighWaterMarks(send: 1_000_000, receive: 1000)
        // Queued events still go out after the last one is published.
        try socket.setLinger(milliseconds: 5000)
        try socket.bind(endpoint)
        poller = ZMQPoller([socket])
        self.epoch = epoch
        self.mapID = mapID
    }

    /// Waits up to `milliseconds` for (un)subscriptions, welcoming each new one.
    func serviceSubscriptions(milliseconds: Int) throws(ZMQError) {
        if milliseconds > 0 { _ = try poller.poll(timeoutMilliseconds: milliseconds) }
        while let frames = try socket.receive(dontWait: true) {
            guard frames.count == 1, let first = frames[0].first else { continue }
            let prefix = String(decoding: frames[0].dropFirst(), as: UTF8.self)
            let counted = prefix.isEmpty || prefix == "welcome"
            if first == 1 {
                if counted { subscribers += 1 }
                welcome(prefix)
            } else if first == 0, counted {
                subscribers = max(0, subscribers - 1)
            }
        }
    }

    func publish(topic: String, field: Int, sequence: UInt64, unixNanos: Int64, payload: [UInt8]) throws(ZMQError) {
        var envelope = RawEnvelope()
        envelope.protocolVersion = mapWireProtocolVersion
        envelope.epoch = epoch
        envelope.sequence = sequence
        envelope.beginUnixNanos = unixNanos
        envelope.endUnixNanos = unixNanos
        envelope.mapID = mapID
        envelope.payloadField = field
        envelope.payload = payload
        lastSequence = sequence
        try send(topic, envelope.encoded())
    }

    private func welcome(_ prefix: String) {
        var envelope = RawEnvelope()
        envelope.protocolVersion = mapWireProtocolVersion
        envelope.epoch = epoch
        envelope.sequence = lastSequence
        envelope.beginUnixNanos = unixNanosNow()
        envelope.endUnixNanos = envelope.beginUnixNanos
        envelope.mapID = mapID
        envelope.payloadField = 100
        envelope.payload = (try? Mapwire_V1_SubscriberWelcome.with { $0.topicPrefix = prefix }.serializedBytes()) ?? []
        try? send("welcome", envelope.encoded())
    }

    private func send(_ topic: String, _ body: [UInt8]) throws(ZMQError) {
        var topic = topic
        let failure: ZMQError? = topic.withUTF8 { t in
            body.withUnsafeBytes { b -> ZMQError? in
                do throws(ZMQError) { try socket.send(UnsafeRawBufferPointer(t), b, dontWait: false); return nil } catch { return error }
            }
        }
        if let failure { throw failure }
    }

    func close() { socket.close() }
}
