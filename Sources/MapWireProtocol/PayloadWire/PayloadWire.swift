import MapWireWireFormat

/// The payloads with a fast path, by their Envelope field number: the events that carry nested messages,
/// where swift-protobuf cost the core and the subscribers most, and the empty camera-changed, the most
/// frequent event. They are written through RawEncodingVisitor and read by hand (HandWrittenWire).
enum PayloadWire {
    static let mapLoadingError = 17, cameraChanged = 28, resourceRequest = 29, gesture = 33

    static func isHandWritten(field: Int) -> Bool {
        field == mapLoadingError || field == cameraChanged || field == resourceRequest || field == gesture
    }

    /// Writes the payload's envelope field (key, length, message) through RawEncodingVisitor, with
    /// `traverse` specialized for each of these messages, and returns its topic (the publisher sends it as
    /// it is, with no String to make); nil, with nothing written, for other payloads.
    static func write(_ payload: Mapwire_V1_Envelope.OneOf_Payload, to w: inout ProtobufRawWriter) -> StaticString? {
        let start = w.count
        let topic: StaticString? = switch payload {
        case .resourceRequest(let m): w.messageField(resourceRequest, m) ? "resource-request" : nil
        case .mapLoadingError(let m): w.messageField(mapLoadingError, m) ? "map-loading-error" : nil
        case .gesture(let m): w.messageField(gesture, m) ? "gesture" : nil
        case .cameraChanged(let m): w.messageField(cameraChanged, m) ? "camera-changed" : nil
        default: nil
        }
        if topic == nil { w.truncate(to: start) }
        return topic
    }

    /// Reads the payload of a hand-written field (`isHandWritten`) into `payload`; false, with `payload`
    /// untouched, for anything unusual. Written in place: returning the enum copied it.
    static func read(field: Int, _ bytes: UnsafeRawBufferPointer, into payload: inout Mapwire_V1_Envelope.OneOf_Payload?) -> Bool {
        switch field {
        case resourceRequest:
            guard let m = Mapwire_V1_ResourceRequest(wireFields: bytes) else { return false }
            payload = .resourceRequest(m)
        case mapLoadingError:
            guard let m = Mapwire_V1_MapLoadingError(wireFields: bytes) else { return false }
            payload = .mapLoadingError(m)
        case gesture:
            guard let m = Mapwire_V1_GestureEvent(wireFields: bytes) else { return false }
            payload = .gesture(m)
        case cameraChanged:
            guard let m = Mapwire_V1_CameraChanged(wireFields: bytes) else { return false }
            payload = .cameraChanged(m)
        default:
            return false
        }
        return true
    }
}
