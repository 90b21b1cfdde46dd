import MapEngine
import MapWireGeometry
import MapWireProtocol
import MapWireWireFormat

// The frequent events written from the engine's values: each engine type provides its message's fields
// (the generated `…Fields` protocols of Generated/mapwire_v1_fastwire.swift, which write them; strings,
// nested messages and lists are lent, not copied), so no swift-protobuf message is built per event. The values are those of `EventPayload.protobuf`
// (EngineTranslation.swift); EventPayloadWireTests checks the bytes against swift-protobuf's.

extension EventPayload {
    /// Encodes the event into the publisher's writer; `send` gets its two frames [topic, envelope],
    /// valid for the call only.
    public func encode(into writer: inout EnvelopeWriter, sequence: UInt64, unixNanos: Int64, benchmark: Bool,
                       causationID: UInt64, send: (_ topic: UnsafeRawBufferPointer, _ envelope: UnsafeRawBufferPointer) -> Void) {
        switch self {
        case .cameraChanged:
            Self.encode(CameraChangedFields(), into: &writer, sequence: sequence, unixNanos: unixNanos, benchmark: benchmark, causationID: causationID)
        case .resourceRequest(let e):
            Self.encode(e.value, into: &writer, sequence: sequence, unixNanos: unixNanos, benchmark: benchmark, causationID: causationID)
        case .mapLoadingError(let e):
            Self.encode(e.value, into: &writer, sequence: sequence, unixNanos: unixNanos, benchmark: benchmark, causationID: causationID)
        case .message(let payload):
            writer.encode(sequence: sequence, beginUnixNanos: unixNanos, endUnixNanos: unixNanos, payload: payload,
                          benchmark: benchmark, causationID: causationID)
            writer.withFrames(of: payload, send)
            return
        }
        writer.withFrames(send)
    }

    /// One kind of payload, specialized for it; the value is borrowed from its box.
    private static func encode<P: EnvelopePayloadFields>(_ payload: borrowing P, into writer: inout EnvelopeWriter, sequence: UInt64,
                                                         unixNanos: Int64, benchmark: Bool, causationID: UInt64) {
        writer.encode(sequence: sequence, beginUnixNanos: unixNanos, endUnixNanos: unixNanos, fields: payload,
                      benchmark: benchmark, causationID: causationID)
    }
}

/// camera-changed: no fields.
struct CameraChangedFields: Mapwire_V1_CameraChangedFields {}

extension ResourceRequestEvent: Mapwire_V1_ResourceRequestFields {
    public var wireDataSource: Mapwire_V1_DataSource { dataSource.protocolValue }
    /// Always set.
    public func wireRequest(_ use: (borrowing ResourceRequest) -> Void) { use(request) }
    public func wireResponse(_ use: (borrowing ResourceResponse) -> Void) { if let response { use(response) } }
    public var wireCancelled: Bool { cancelled }
}

extension ResourceRequest: Mapwire_V1_ResourceRequestInfoFields {
    public func wireURL(_ use: (borrowing String) -> Void) { use(url) }
    public var wireKind: Mapwire_V1_ResourceKind { kind.protocolValue }
    public var wirePriority: Mapwire_V1_ResourcePriority { priority == .low ? .low : .regular }
    public func wireLoadingMethod(_ use: (Mapwire_V1_LoadingMethod) -> Void) { for method in loadingMethod { use(method.protocolValue) } }
}

extension ResourceResponse: Mapwire_V1_ResourceResponseFields {
    public var wireNoContent: Bool { noContent }
    public var wireNotModified: Bool { notModified }
    public var wireMustRevalidate: Bool { mustRevalidate }
    public var wireSource: Mapwire_V1_ResponseSource { source.protocolValue }
    public var wireSize: UInt64 { size }
    public func wireModified(_ use: (borrowing String) -> Void) { if let modified { use(modified) } }
    public func wireExpires(_ use: (borrowing String) -> Void) { if let expires { use(expires) } }
    public func wireEtag(_ use: (borrowing String) -> Void) { if let etag { use(etag) } }
    public func wireError(_ use: (borrowing ResourceError) -> Void) { if let error { use(error) } }
}

extension ResourceError: Mapwire_V1_ResponseErrorFields {
    public var wireReason: Mapwire_V1_ErrorReason { reason.protocolValue }
    public func wireMessage(_ use: (borrowing String) -> Void) { use(message) }
}

extension MapLoadingError: Mapwire_V1_MapLoadingErrorFields {
    public var wireType: Mapwire_V1_MapLoadingError.TypeEnum { kind.protocolValue }
    public func wireMessage(_ use: (borrowing String) -> Void) { use(message) }
    public func wireSourceID(_ use: (borrowing String) -> Void) { if let sourceID { use(sourceID) } }
    public func wireTileID(_ use: (borrowing CanonicalTileID) -> Void) { if let tileID { use(tileID) } }
}

extension CanonicalTileID: Mapwire_V1_TileIdFields {
    public var wireZ: UInt32 { UInt32(truncatingIfNeeded: z) }
    public var wireX: UInt32 { UInt32(truncatingIfNeeded: x) }
    public var wireY: UInt32 { UInt32(truncatingIfNeeded: y) }
}
