import Foundation
import MapWireBus
import MapWireProcess
import MapWireProtocol

/// A subscriber on the core's events socket that decodes envelopes and notices gaps.
/// Not Sendable: it owns a socket; `next` blocks, so call it from a dedicated thread or a CLI's main thread.
public final class EventSubscriber {
    private let socket: ZMQSocket
    private var poller: ZMQPoller
    private var lastSequence: UInt64?
    private var epoch: UInt64?
    /// Whether the core's welcome arrived, i.e. the subscription is live.
    public private(set) var isWelcomed = false
    /// Events missed between received ones (only meaningful when subscribed to every topic).
    public private(set) var missedEvents: UInt64 = 0
    /// Messages that were not valid envelopes.
    public private(set) var malformedMessages = 0
    /// Map events received (welcomes not counted).
    public private(set) var receivedEvents: UInt64 = 0

    /// `receiveHighWaterMark`: events queued here before libzmq drops newer ones (a small value lets
    /// tests make gaps). `curve`: the keys for a core's TCP endpoint; nil for ipc. Throws a
    /// `RunDirectoryError` when an ipc endpoint is not this user's own (IPCEndpointCheck).
    public init(endpoint: String, prefixes: [String] = [""], context: ZMQContext = .shared,
                receiveHighWaterMark: Int32 = 1_000_000, curve: CurveClientKeys? = nil) throws {
        socket = try ZMQSocket.eventSubscription(
            endpoint: endpoint, prefixes: prefixes, context: context, receiveHighWaterMark: receiveHighWaterMark, curve: curve)
        poller = ZMQPoller([socket])
    }

    public enum Item {
        case event(topic: String, envelope: Mapwire_V1_Envelope)
        case welcome(Mapwire_V1_Envelope)
    }

    /// The next event or welcome, or nil when nothing came within the timeout.
    public func next(timeoutMilliseconds: Int) throws(ZMQError) -> Item? {
        try receive(timeoutMilliseconds: timeoutMilliseconds) { topic, body, count in
            guard count == 2, let decoded = try? EnvelopeCodec.decode(topic: topic, envelope: body) else {
                malformedMessages += 1
                return nil
            }
            return accept(decoded.topic, decoded.envelope)
        }
    }

    /// The next message `read` makes an item of (nil from it: skipped), or nil when none came within the
    /// timeout. The clock is read only once nothing is queued: at full rate, events are, and a read each cost.
    @inline(__always)
    private func receive<T>(timeoutMilliseconds: Int,
                            _ read: (_ topic: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer, _ frames: Int) -> T?) throws(ZMQError) -> T? {
        var deadline: Int64?
        while true {
            let received: T?? = try socket.receiveBorrowed(dontWait: true, read)
            if let received {
                guard let item = received else { continue }
                return item
            }
            let now = monotonicMillis()
            let end = deadline ?? now + Int64(timeoutMilliseconds)
            deadline = end
            if end - now <= 0 { return nil }
            _ = try poller.poll(timeoutMilliseconds: Int(end - now))
        }
    }

    /// An event whose header is read and whose payload is decoded only when asked (`envelope()`).
    public struct LazyEvent {
        public let topic: String
        public let header: EnvelopeHeader
        /// The envelope as it came: decoded only by `envelope()`.
        private let body: [UInt8]

        init(topic: String, header: EnvelopeHeader, body: [UInt8]) {
            self.topic = topic
            self.header = header
            self.body = body
        }

        /// The whole envelope, decoded now: the same message, or the same error, `next` gives.
        public func envelope() throws(EnvelopeDecodingError) -> Mapwire_V1_Envelope {
            try EnvelopeCodec.decode(frames: [Data(topic.utf8), Data(body)]).envelope
        }
    }

    public enum LazyItem {
        case event(LazyEvent)
        case welcome(EnvelopeHeader)
    }

    /// The next event or welcome with only its header read, or nil when nothing came within the
    /// timeout: for subscribers that look at most events' topic, sequence or time and at few payloads.
    /// Gaps, epochs and the welcome are counted as `next` counts them; a payload that does not decode
    /// shows up when `envelope()` is called, not here (`malformedMessages` counts only bad headers).
    public func nextLazy(timeoutMilliseconds: Int) throws(ZMQError) -> LazyItem? {
        try receive(timeoutMilliseconds: timeoutMilliseconds) { topic, body, frames -> LazyItem? in
            guard frames == 2, let (header, _) = EnvelopeHeader.parse(body) else {
                malformedMessages += 1
                return nil
            }
            if header.isWelcome {
                noteWelcome(epoch: header.epoch)
                return .welcome(header)
            }
            countEvent(epoch: header.epoch, sequence: header.sequence)
            return .event(LazyEvent(topic: String(decoding: topic, as: UTF8.self), header: header, body: Array(body)))
        }
    }

    public enum DecodedItem {
        case event(topic: String, DecodedEnvelope)
        case welcome(DecodedEnvelope)
    }

    /// The next event or welcome with every field decoded, as `next` gives it (the same values, gaps and
    /// malformed messages), but as a header and a payload instead of the envelope message (whose heap
    /// storage cost more than the decoding at full rate); `envelope()` on it gives the message.
    public func nextDecoded(timeoutMilliseconds: Int) throws(ZMQError) -> DecodedItem? {
        // The item is built in place in `item`, and `receive` only carries a Bool: returned through
        // `receive`'s generic Optionals (ZMQSocket.receiveBorrowed is not specialized across modules), the
        // large payload enum was copied and destroyed at each level, per event.
        var item: DecodedItem?
        let received: Bool? = try receive(timeoutMilliseconds: timeoutMilliseconds) { topicBytes, body, count -> Bool? in
            var decoded = DecodedEnvelope()
            guard count == 2, let topic = try? EnvelopeCodec.decodeHeaderAndPayload(topic: topicBytes, envelope: body, into: &decoded) else {
                malformedMessages += 1
                return nil
            }
            // payloadField 100 is the welcome (SubscriberWelcome), the fast path and the full decoder alike.
            if decoded.header.isWelcome {
                noteWelcome(epoch: decoded.header.epoch)
                item = .welcome(consume decoded)
            } else {
                countEvent(epoch: decoded.header.epoch, sequence: decoded.header.sequence)
                item = .event(topic: topic, consume decoded)
            }
            return true
        }
        // take(): moved out; `item` itself, captured by the closure, would be copied and then destroyed.
        return received == nil ? nil : item.take()
    }

    /// `nextDecoded` lending the decoded envelope to `body` instead of returning it (the topic is nil for the
    /// welcome): the same values, gaps and malformed messages; false when nothing came within the timeout.
    /// The envelope is destroyed here, in code specialized for it; a returned `DecodedItem` is destroyed by
    /// the caller through the runtime's generic Optional witness (≈ 1,300 instructions per resource-request
    /// event under callgrind, its releases included). Not generic: a generic result cost as much.
    public func withNextDecoded(timeoutMilliseconds: Int,
                                _ body: (_ topic: String?, _ decoded: borrowing DecodedEnvelope) -> Void) throws(ZMQError) -> Bool {
        let received: Bool? = try receive(timeoutMilliseconds: timeoutMilliseconds) { topicBytes, bytes, count -> Bool? in
            var decoded = DecodedEnvelope()
            guard count == 2, let topic = try? EnvelopeCodec.decodeHeaderAndPayload(topic: topicBytes, envelope: bytes, into: &decoded) else {
                malformedMessages += 1
                return nil
            }
            if decoded.header.isWelcome {
                noteWelcome(epoch: decoded.header.epoch)
                body(nil, decoded)
            } else {
                countEvent(epoch: decoded.header.epoch, sequence: decoded.header.sequence)
                body(topic, decoded)
            }
            return true
        }
        return received != nil
    }

    /// Decodes a lazy event's envelope; nil, counted in `malformedMessages`, when it does not decode.
    public func decode(_ event: LazyEvent) -> Mapwire_V1_Envelope? {
        do { return try event.envelope() } catch {
            malformedMessages += 1
            return nil
        }
    }

    /// Waits until the core has welcomed the subscription (events before that are kept for `next`).
    public func waitUntilWelcomed(timeoutMilliseconds: Int) throws(ZMQError) -> [Item] {
        var early: [Item] = []
        let deadline = monotonicMillis() + Int64(timeoutMilliseconds)
        while !isWelcomed {
            let remaining = deadline - monotonicMillis()
            guard remaining > 0 else { break }
            if let item = try next(timeoutMilliseconds: Int(remaining)), case .event = item { early.append(item) }
        }
        return early
    }

    /// Counts a decoded event (sequence gaps, epochs) or notes the welcome.
    private func accept(_ topic: String, _ envelope: Mapwire_V1_Envelope) -> Item? {
        if case .welcome = envelope.payload {
            noteWelcome(epoch: envelope.epoch)
            return .welcome(envelope)
        }
        countEvent(epoch: envelope.epoch, sequence: envelope.sequence)
        return .event(topic: topic, envelope: envelope)
    }

    private func noteWelcome(epoch welcomeEpoch: UInt64) {
        newEpoch(welcomeEpoch)
        isWelcomed = true
    }

    /// One more event: a gap before it is counted as missed events.
    private func countEvent(epoch eventEpoch: UInt64, sequence: UInt64) {
        newEpoch(eventEpoch)
        receivedEvents += 1
        if let last = lastSequence, sequence > last + 1 { missedEvents += sequence - last - 1 }
        lastSequence = sequence
    }

    /// A new epoch is a restarted core: its sequence starts anew.
    private func newEpoch(_ value: UInt64) {
        guard value != epoch else { return }
        epoch = value
        lastSequence = nil
    }
}
