import MapEngine
import MapWireProtocol
import MapWireWireFormat

// The frequent events written from the engine's values (HandWrittenPayload): the bytes swift-protobuf
// writes for `EventPayload.protobuf` (EngineTranslation.swift), field for field in number order, proto3
// defaults left out, set optionals written. EventPayloadWireTests checks that over randomised values.

extension EventPayload {
    /// Encodes the event into the publisher's writer; `send` gets its two frames [topic, envelope],
    /// valid for the call only.
    public func encode(into writer: inout EnvelopeWriter, sequence: UInt64, unixNanos: Int64, benchmark: Bool,
                       causationID: UInt64, send: (_ topic: UnsafeRawBufferPointer, _ envelope: UnsafeRawBufferPointer) -> Void) {
        switch self {
        case .cameraChanged:
            Self.encode(CameraChangedWire(), into: &writer, sequence: sequence, unixNanos: unixNanos, benchmark: benchmark, causationID: causationID)
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

    /// One kind of hand-written payload, specialized for it; the value is borrowed from its box.
    private static func encode<P: HandWrittenPayload>(_ payload: borrowing P, into writer: inout EnvelopeWriter, sequence: UInt64,
                                                      unixNanos: Int64, benchmark: Bool, causationID: UInt64) {
        writer.encode(sequence: sequence, beginUnixNanos: unixNanos, endUnixNanos: unixNanos, handWritten: payload,
                      benchmark: benchmark, causationID: causationID)
    }
}

/// camera-changed: no fields.
struct CameraChangedWire: HandWrittenPayload {
    static var envelopeField: Int { 28 }
    static var topic: StaticString { "camera-changed" }
    func writeFields(to w: inout ProtobufRawWriter) {}
}

extension ResourceRequestEvent: HandWrittenPayload {
    public static var envelopeField: Int { 29 }
    public static var topic: StaticString { "resource-request" }

    /// ResourceRequest: data_source = 1, request = 2 (always set), response = 3 (optional), cancelled = 4.
    public func writeFields(to w: inout ProtobufRawWriter) {
        w.varintField(1, UInt64(dataSource.protocolValue.rawValue))
        // A long URL makes the request 128 bytes or more: its length's room from the URL's size, no move.
        w.nestedMessage(2, expecting: request.url.utf8.count &+ 8) { request.writeFields(to: &$0) }
        if let response { w.nestedMessage(3) { response.writeFields(to: &$0) } }
        if cancelled { w.varintField(4, 1) }
    }
}

extension ResourceRequest {
    /// ResourceRequestInfo: url = 1, kind = 2, priority = 3, loading_method = 4 (packed).
    func writeFields(to w: inout ProtobufRawWriter) {
        w.stringField(1, url)
        w.varintField(2, UInt64(kind.protocolValue.rawValue))
        w.varintField(3, UInt64((priority == .low ? Mapwire_V1_ResourcePriority.low : .regular).rawValue))
        if !loadingMethod.isEmpty {
            // Packed (proto3's repeated enum): one length-delimited run of varints.
            w.nestedMessage(4) { for method in loadingMethod { $0.varint(UInt64(method.protocolValue.rawValue)) } }
        }
    }
}

extension ResourceResponse {
    /// ResourceResponse: no_content = 1, not_modified = 2, must_revalidate = 3, source = 4, size = 5,
    /// modified = 6, expires = 7, etag = 8 (optional strings), error = 9 (optional).
    func writeFields(to w: inout ProtobufRawWriter) {
        if noContent { w.varintField(1, 1) }
        if notModified { w.varintField(2, 1) }
        if mustRevalidate { w.varintField(3, 1) }
        w.varintField(4, UInt64(source.protocolValue.rawValue))
        w.varintField(5, size)
        w.optionalStringField(6, modified)
        w.optionalStringField(7, expires)
        w.optionalStringField(8, etag)
        if let error {
            w.nestedMessage(9) {
                // ResponseError: reason = 1, message = 2.
                $0.varintField(1, UInt64(error.reason.protocolValue.rawValue))
                $0.stringField(2, error.message)
            }
        }
    }
}

extension MapLoadingError: HandWrittenPayload {
    public static var envelopeField: Int { 17 }
    public static var topic: StaticString { "map-loading-error" }

    /// MapLoadingError: type = 1, message = 2, source_id = 3 (optional), tile_id = 4 (optional TileId).
    public func writeFields(to w: inout ProtobufRawWriter) {
        w.varintField(1, UInt64(kind.protocolValue.rawValue))
        w.stringField(2, message)
        w.optionalStringField(3, sourceID)
        if let tileID {
            w.nestedMessage(4) {
                // TileId: z = 1, x = 2, y = 3 (uint32).
                $0.varintField(1, UInt64(UInt32(truncatingIfNeeded: tileID.z)))
                $0.varintField(2, UInt64(UInt32(truncatingIfNeeded: tileID.x)))
                $0.varintField(3, UInt64(UInt32(truncatingIfNeeded: tileID.y)))
            }
        }
    }
}
