import MapWireWireFormat

/// The core's load requests written into one buffer it keeps from send to send, and sent from there
/// (before, a size pass, a `[UInt8]` and a `Data` per request: ≈ 4,600 instructions, BENCHMARKS.md fourth
/// pass; `LoadMessageCodec.encodeRequest` now writes through this too). Nested lengths are written after their bodies
/// (`ProtobufRawWriter.beginLength`/`endLength`), so there is no size pass either. The bytes are
/// swift-protobuf's (`LoadRequestWriterTests` compares them over randomised requests).
/// Noncopyable: it owns its buffer.
public struct LoadRequestWriter: ~Copyable {
    private var buffer = ProtobufRawWriter(capacity: 512)

    public init() {}

    /// Writes `ControlMessage{request: PluginRequest{id, deadline_unix_nanos, load_resource, attempt}}` in
    /// place of the previous request, the load's body from `load` (its own id, deadline and attempt are not
    /// read: the attempt's are these). The core keeps a load's body in this plain form, so nothing here
    /// copies a swift-protobuf message or calls its generated `has…` getters (which copied the whole
    /// optional message to compare it with nil: ≈ 620 instructions a request, BENCHMARKS.md fifth pass).
    public mutating func write(id: UInt64, deadlineUnixNanos: Int64, attempt: UInt32, load: LoadMessageCodec.LoadRequest) {
        buffer.removeAll()
        buffer.key(5, wireType: 2)
        let requestMark = buffer.beginLength()
        varintField(1, id)
        varintField(2, UInt64(bitPattern: deadlineUnixNanos))
        buffer.key(10, wireType: 2)
        let loadMark = buffer.beginLength()
        if load.hasInfo { writeInfo(load) }
        if let tile = load.tile {
            buffer.key(2, wireType: 2)
            let mark = buffer.beginLength()
            varintField(1, UInt64(tile.z))
            varintField(2, UInt64(tile.x))
            varintField(3, UInt64(tile.y))
            buffer.endLength(mark)
        }
        if let sourceID = load.sourceID {
            buffer.key(3, wireType: 2)
            buffer.lengthDelimited(sourceID)
        }
        buffer.endLength(loadMark)
        varintField(30, UInt64(attempt))
        buffer.endLength(requestMark)
    }

    /// The same from swift-protobuf's message; false, with nothing usable written, when the load holds
    /// unknown fields (swift-protobuf writes those: `OutgoingRequest.encoded()`).
    public mutating func write(id: UInt64, deadlineUnixNanos: Int64, attempt: UInt32, load: Mapwire_V1_LoadResource) -> Bool {
        guard let body = LoadMessageCodec.LoadRequest(load) else { return false }
        write(id: id, deadlineUnixNanos: deadlineUnixNanos, attempt: attempt, load: body)
        return true
    }

    /// The request last written, valid for the call only.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try buffer.withBytes(body)
    }

    private mutating func writeInfo(_ info: LoadMessageCodec.LoadRequest) {
        buffer.key(1, wireType: 2)
        let mark = buffer.beginLength()
        if !info.url.isEmpty {
            buffer.key(1, wireType: 2)
            buffer.lengthDelimited(info.url)
        }
        varintField(2, Self.enumValue(info.kind.rawValue))
        varintField(3, Self.enumValue(info.priority.rawValue))
        if !info.loadingMethods.isEmpty {
            buffer.key(4, wireType: 2)
            let packed = buffer.beginLength()
            for method in info.loadingMethods { buffer.varint(Self.enumValue(method.rawValue)) }
            buffer.endLength(packed)
        }
        buffer.endLength(mark)
    }

    /// proto3: a scalar at its default is left out.
    private mutating func varintField(_ field: Int, _ value: UInt64) {
        guard value != 0 else { return }
        buffer.key(field, wireType: 0)
        buffer.varint(value)
    }

    /// An enum's wire value: its int32 sign-extended to 64 bits, as protobuf writes negative enums.
    private static func enumValue(_ raw: Int) -> UInt64 { UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: raw))) }
}
