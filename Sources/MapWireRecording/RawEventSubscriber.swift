import MapWireBus

/// A subscriber on the core's events socket that reads envelopes without decoding their payloads
/// (RawEnvelope): what the recorder and `monitor --stats` need, at the bus's own speed.
/// Not Sendable: it owns a socket; `next` blocks in zmq_poll, so call it from a CLI's main thread.
public final class RawEventSubscriber {
    public struct Event {
        public var topic: String
        public var envelope: RawEnvelope
        /// Topic + envelope bytes, as they travelled.
        public var wireBytes: Int
    }

    private let socket: ZMQSocket
    private var poller: ZMQPoller
    public private(set) var isWelcomed = false
    /// Messages that were not [topic, envelope].
    public private(set) var malformed = 0

    public init(endpoint: String, prefixes: [String], receiveHighWaterMark: Int32 = 1_000_000, curve: CurveClientKeys? = nil) throws {
        socket = try ZMQSocket.eventSubscription(
            endpoint: endpoint, prefixes: prefixes, receiveHighWaterMark: receiveHighWaterMark, curve: curve)
        poller = ZMQPoller([socket])
    }

    public enum Item {
        case event(Event)
        /// The core's welcome: the subscription is live.
        case welcome(RawEnvelope)
    }

    /// The next event or welcome, or nil when nothing came within the timeout.
    public func next(timeoutMilliseconds: Int) throws(ZMQError) -> Item? {
        var waited = false
        while true {
            let received: Item?? = try socket.receiveBorrowed(dontWait: true) { topic, body, count in
                guard count == 2, let envelope = RawEnvelope.parse(body) else {
                    malformed += 1
                    return nil
                }
                if envelope.payloadField == 100 {
                    isWelcomed = true
                    return .welcome(envelope)
                }
                return .event(Event(topic: String(decoding: topic, as: UTF8.self), envelope: envelope, wireBytes: topic.count + body.count))
            }
            if let received {
                guard let item = received else { continue }
                return item
            }
            if waited { return nil }
            _ = try poller.poll(timeoutMilliseconds: timeoutMilliseconds)
            waited = true
        }
    }

    public func close() { socket.close() }
}
