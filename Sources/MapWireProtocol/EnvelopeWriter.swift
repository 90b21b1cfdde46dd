import MapWireWireFormat
import SwiftProtobuf

/// The publish hot path: encodes an event's envelope into one reused buffer (ProtobufRawWriter) with the
/// generated writers (Generated/mapwire_v1_fastwire.swift): the header field by field, the frequent events'
/// payloads from any value that provides their fields (`encode(…fields:)`: the engine's own), the other
/// hot payloads from their messages (`OneOf_Payload.writeHot`), and any other payload message through
/// swift-protobuf. The bytes are exactly what `Mapwire_V1_Envelope.serializedBytes()` gives, so any protobuf
/// library reads them; the envelope message itself is never built, which is most of its cost.
///
/// What this adds to the generated writers is what it keeps from event to event. A publisher's protocol
/// version, epoch and map id never change: their fields are written once (the first two stay at the front
/// of the buffer, the map id's is copied from bytes kept ready), so an event writes only its sequence,
/// times and payload. An instant's two times differ from the last event's only in their low bits, so
/// fields 4 to 6 (the times and the map id) are kept as bytes too: copied, then the times' first four
/// bytes (their low 28 bits, 268 ms) written into both copies.
/// Noncopyable, as its buffer; used by one thread (the core's loop).
public struct EnvelopeWriter: ~Copyable {
    @usableFromInline typealias Header = Mapwire_V1_Envelope.Header
    @usableFromInline var wire = ProtobufRawWriter(capacity: 2048)
    /// What the front of the buffer (fields 1 and 2) and `mapIDField` (field 6) were written for.
    private var protocolVersion: UInt32 = 0, epoch: UInt64 = 0, mapID = ""
    /// Bytes of fields 1 and 2 at the front of the buffer; nil until the first event.
    @usableFromInline var headCount: Int? = nil
    private var mapIDField = ProtobufRawWriter(capacity: 64)
    /// Fields 4 to 6 as last written for an instant of at least 2^28 ns, when they fit in 64 bytes (nearly
    /// every map id), with their count; -1 when there are none to copy. Right for any instant whose time
    /// has the same bits above the low 28 (`keptTimeHigh`); the two times' varints start `keptBeginAt` and
    /// `keptEndAt` bytes into them.
    @usableFromInline var timesAndMapID: ProtobufRawWriter.Words = (0, 0, 0, 0, 0, 0, 0, 0), timesAndMapIDCount = -1
    @usableFromInline var keptTimeHigh: UInt64 = 0, keptBeginAt = 0, keptEndAt = 0
    /// The last payload's topic when a generated writer wrote it (the hot payloads), else nil.
    @usableFromInline var writtenTopic: StaticString?
    /// The length of the last payload written from its fields: the guess for the next one's.
    @usableFromInline var lastPayloadLength = 0

    public init() {}

    /// A writer for one publisher's events (`encode(sequence:…)`).
    public init(protocolVersion: UInt32, epoch: UInt64, mapID: String) {
        setConstants(protocolVersion: protocolVersion, epoch: epoch, mapID: mapID)
    }

    /// The encoded envelope of the last `encode` call, valid for the call only.
    public func withBytes<R: ~Copyable, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try wire.withBytes(body)
    }

    /// The last encoded event as the two frames a publisher sends: its topic (that of `payload`, the
    /// payload just encoded) and its envelope, valid for the call only.
    public func withFrames(of payload: Mapwire_V1_Envelope.OneOf_Payload,
                           _ body: (_ topic: UnsafeRawBufferPointer, _ envelope: UnsafeRawBufferPointer) -> Void) {
        let envelope = wire.withBytes { $0 }
        if let writtenTopic {
            body(UnsafeRawBufferPointer(start: writtenTopic.utf8Start, count: writtenTopic.utf8CodeUnitCount), envelope)
            return
        }
        var topic = payload.topic
        topic.withUTF8 { body(UnsafeRawBufferPointer($0), envelope) }
    }

    /// A copy of the encoded envelope of the last `encode` call.
    public var bytes: [UInt8] { wire.bytes }

    /// Encodes an envelope with any header: the fields that the writer keeps are written again when
    /// they differ from the last call's.
    public mutating func encode(
        protocolVersion: UInt32, epoch: UInt64, sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
        mapID: String, payload: Mapwire_V1_Envelope.OneOf_Payload?, benchmark: Bool = false, causationID: UInt64 = 0
    ) {
        if headCount == nil || protocolVersion != self.protocolVersion || epoch != self.epoch || mapID != self.mapID {
            setConstants(protocolVersion: protocolVersion, epoch: epoch, mapID: mapID)
        }
        encode(sequence: sequence, beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos, payload: payload,
               benchmark: benchmark, causationID: causationID)
    }

    /// Encodes an event of this writer's publisher (`init(protocolVersion:epoch:mapID:)`).
    public mutating func encode(sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
                                payload: Mapwire_V1_Envelope.OneOf_Payload, benchmark: Bool = false, causationID: UInt64 = 0) {
        writeHeader(sequence: sequence, beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos)
        write(payload)
        writeTrailer(benchmark: benchmark, causationID: causationID)
    }

    /// Encodes an event of this writer's publisher whose payload is written from any value that provides
    /// its fields (`EnvelopePayloadFields`: the frequent events, from the engine's own values); `withFrames(_:)`
    /// sends it. Inlinable: specialized where the payload's type is known, its fields are written with no
    /// call through a witness table.
    @inlinable
    public mutating func encode<P: EnvelopePayloadFields>(sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
                                                          fields payload: borrowing P, benchmark: Bool = false,
                                                          causationID: UInt64 = 0) {
        writeHeader(sequence: sequence, beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos)
        // A oneof member is written even when empty (camera-changed): its presence is the information.
        wire.key(P.envelopeField, wireType: 2)
        // The length gets the room the last such payload's took (events of one kind come in runs of
        // about one size): a payload of 128 bytes or more is then not moved up for its length's second byte.
        if lastPayloadLength < 0x80 {
            // The usual small payload (camera-changed): one length byte, no width to work out.
            let mark = wire.beginLength()
            payload.writeFields(to: &wire)
            lastPayloadLength = wire.count &- mark &- 1
            wire.endLength(mark)
        } else {
            let begun = wire.beginLength(expecting: lastPayloadLength)
            payload.writeFields(to: &wire)
            lastPayloadLength = wire.count &- begun.mark &- begun.width
            wire.endLength(begun)
        }
        writtenTopic = P.topic
        writeTrailer(benchmark: benchmark, causationID: causationID)
    }

    /// The last encoded event as its two frames, for an event whose topic the writer knows (one encoded
    /// with `encode(…fields:…)`, or a payload `writeHot` writes), valid for the call only. Inlinable, as the
    /// rest of the publish path: a call would copy the whole writer to pass it borrowed.
    @inlinable @inline(__always) public func withFrames(_ body: (_ topic: UnsafeRawBufferPointer, _ envelope: UnsafeRawBufferPointer) -> Void) {
        guard let writtenTopic else { preconditionFailure("withFrames(_:) after an event whose topic the writer does not know") }
        body(UnsafeRawBufferPointer(start: writtenTopic.utf8Start, count: writtenTopic.utf8CodeUnitCount), wire.withBytes { $0 })
    }

    /// As `encode(sequence:…payload:…)`, for an envelope that may have no payload (tests, replays).
    public mutating func encode(sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
                                payload: Mapwire_V1_Envelope.OneOf_Payload?, benchmark: Bool = false, causationID: UInt64 = 0) {
        writeHeader(sequence: sequence, beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos)
        if let payload { write(payload) } else { writtenTopic = nil }
        writeTrailer(benchmark: benchmark, causationID: causationID)
    }

    /// Fields 1 and 2 (left at the front of the buffer), then 3 to 6.
    @inlinable @inline(__always) mutating func writeHeader(sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64) {
        if headCount == nil { setConstants(protocolVersion: 0, epoch: 0, mapID: "") }
        wire.truncate(to: headCount ?? 0)
        // The sequence's field, and 64 bytes for fields 4 to 6 (copied as words), under one check of the room.
        wire.reserve(20 + 64)
        Header.writeSequence(sequence, to: &wire)
        let time = UInt64(bitPattern: beginUnixNanos)
        // Other shapes (an interval, an early or negative time) are written, the kept bytes left as they are.
        guard endUnixNanos == beginUnixNanos, time >= 1 << 28 else {
            _ = writeTimesAndMapID(beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos)
            return
        }
        let start = wire.count
        if timesAndMapIDCount >= 0, time >> 28 == keptTimeHigh {
            // An instant within the same 268 ms as the kept one (every event the core publishes, but the
            // first of each span): the kept bytes, and each time's first four bytes written over them.
            wire.uncheckedWords(timesAndMapID, count: timesAndMapIDCount)
            let low = Self.varintLow28(time)
            wire.overwrite(low, at: start &+ keptBeginAt)
            wire.overwrite(low, at: start &+ keptEndAt)
            return
        }
        let (beginEnd, endEnd) = writeTimesAndMapID(beginUnixNanos: beginUnixNanos, endUnixNanos: endUnixNanos)
        let count = wire.count - start
        if count <= 64 {
            wire.reserve(64)
            // Each time's varint ends its field.
            let width = ProtobufRawWriter.varintWidth(time)
            (timesAndMapID, timesAndMapIDCount) = (wire.words(from: start), count)
            (keptTimeHigh, keptBeginAt, keptEndAt) = (time >> 28, beginEnd - width - start, endEnd - width - start)
        } else {
            timesAndMapIDCount = -1
        }
    }

    /// The first four bytes of the varint of `value` (≥ 2^28): its low 28 bits, seven to a byte, each with
    /// its continuation bit, in memory order.
    @inlinable @inline(__always) static func varintLow28(_ value: UInt64) -> UInt32 {
        let spread = value & 0x7F | (value << 1) & 0x7F00 | (value << 2) & 0x7F_0000 | (value << 3) & 0x7F00_0000
        return UInt32(truncatingIfNeeded: spread) | 0x8080_8080
    }

    /// Fields 4 to 6; returns where the first two ended.
    @usableFromInline mutating func writeTimesAndMapID(beginUnixNanos: Int64, endUnixNanos: Int64) -> (beginEnd: Int, endEnd: Int) {
        Header.writeBeginUnixNanos(beginUnixNanos, to: &wire)
        let beginEnd = wire.count
        Header.writeEndUnixNanos(endUnixNanos, to: &wire)
        let endEnd = wire.count
        mapIDField.withBytes { wire.raw($0) }
        return (beginEnd, endEnd)
    }

    /// The fields after every payload field (benchmark, causation id).
    @inlinable @inline(__always) mutating func writeTrailer(benchmark: Bool, causationID: UInt64) {
        guard benchmark || causationID != 0 else { return }
        Header.writeBenchmark(benchmark, to: &wire)
        Header.writeCausationID(causationID, to: &wire)
    }

    /// Writes fields 1 and 2 at the front of the buffer and keeps field 6's bytes.
    @usableFromInline mutating func setConstants(protocolVersion: UInt32, epoch: UInt64, mapID: String) {
        self.protocolVersion = protocolVersion
        self.epoch = epoch
        self.mapID = mapID
        wire.removeAll()
        Header.writeProtocolVersion(protocolVersion, to: &wire)
        Header.writeEpoch(epoch, to: &wire)
        headCount = wire.count
        mapIDField.removeAll()
        Header.writeMapID(mapID, to: &mapIDField)
        timesAndMapIDCount = -1
    }

    private mutating func write(_ payload: Mapwire_V1_Envelope.OneOf_Payload) {
        // The frequent payloads and those with nested messages have generated writers, the rest go through
        // swift-protobuf.
        writtenTopic = payload.writeHot(to: &wire)
        if writtenTopic != nil { return }
        let (field, message) = payload.fieldAndMessage
        // A oneof member is written even when empty: its presence is the information.
        wire.key(field, wireType: 2)
        guard let message, let body: [UInt8] = try? message.serializedBytes() else {
            wire.varint(0)
            return
        }
        body.withUnsafeBytes { wire.lengthDelimited($0) }
    }
}
