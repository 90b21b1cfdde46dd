import Foundation
import MapWireWireFormat

/// Reading the two hot shapes (LoadMessageCodec.swift). Each returns nil, and the caller uses
/// swift-protobuf, for anything but the plain shape: a field twice, an unknown field or wire type, a
/// truncated value, unpacked repeated enums, bad UTF-8.
extension LoadMessageCodec {
    /// A ControlMessage that is a load-resource request or a resource reply, read from `bytes` (which may
    /// be borrowed from libzmq: the resource's data is the one copy made of them).
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Mapwire_V1_ControlMessage? {
        var reader = ProtobufWireReader(bytes)
        guard let (field, wireType) = reader.key(), wireType == 2, let body = reader.lengthDelimited(),
              reader.isAtEnd else { return nil }
        switch field {
        case 5:
            // The loader's reader (LoadMessageCodec+Loader.swift), as swift-protobuf's message.
            guard let request = decodeLoadRequest(bytes)?.pluginRequest else { return nil }
            var message = Mapwire_V1_ControlMessage()
            message.body = .request(request)
            return message
        case 6:
            guard let reply = readReply(body) else { return nil }
            var message = Mapwire_V1_ControlMessage()
            message.body = .reply(reply.pluginReply)
            return message
        default:
            return nil
        }
    }

    /// The resource reply a ControlMessage holds, as plain fields (the core's receive path: no swift-protobuf
    /// message built per reply); nil for anything `decode` would not read as a resource reply.
    public static func readResourceReply(_ bytes: UnsafeRawBufferPointer) -> ResourceReply? {
        var reader = ProtobufWireReader(bytes)
        guard let (field, wireType) = reader.key(), field == 6, wireType == 2, let body = reader.lengthDelimited(),
              reader.isAtEnd else { return nil }
        return readReply(body)
    }

    /// `readResourceReply` as swift-protobuf's message (tests compare the two readers with it).
    public static func decodeResourceReply(_ bytes: UnsafeRawBufferPointer) -> Mapwire_V1_PluginReply? {
        readResourceReply(bytes)?.pluginReply
    }

    private static func readReply(_ bytes: UnsafeRawBufferPointer) -> ResourceReply? {
        var reader = ProtobufWireReader(bytes)
        var reply = ResourceReply()
        var seen = Seen()
        var hasResource = false
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return nil }; reply.id = v
            case (10, 2):
                guard let body = reader.lengthDelimited(), readResource(body, into: &reply) else { return nil }
                hasResource = true
            default: return nil
            }
        }
        return hasResource ? reply : nil
    }

    private static func readResource(_ bytes: UnsafeRawBufferPointer, into reply: inout ResourceReply) -> Bool {
        var reader = ProtobufWireReader(bytes)
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return false }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint(), let e = Mapwire_V1_DataSource(rawValue: enumRaw(v)) else { return false }; reply.dataSource = e
            case (2, 2): guard let body = reader.lengthDelimited(), let r = decodeResponse(body) else { return false }; reply.response = r
            // The one copy of a resource's bytes between the socket and the map (and on to the renderer,
            // which gets this same buffer by reference): out of the frame, which may be libzmq's.
            case (3, 2): guard let body = reader.lengthDelimited() else { return false }
                reply.data = body.isEmpty ? Data() : Data(bytes: body.baseAddress!, count: body.count)
            case (4, 0): guard let v = reader.varint() else { return false }; reply.retryAfterMs = UInt32(truncatingIfNeeded: v)
            default: return false
            }
        }
        return true
    }

    private static func decodeResponse(_ bytes: UnsafeRawBufferPointer) -> ResourceReply.Response? {
        var reader = ProtobufWireReader(bytes)
        var r = ResourceReply.Response()
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return nil }; r.noContent = v != 0
            case (2, 0): guard let v = reader.varint() else { return nil }; r.notModified = v != 0
            case (3, 0): guard let v = reader.varint() else { return nil }; r.mustRevalidate = v != 0
            case (4, 0): guard let v = reader.varint(), let e = Mapwire_V1_ResponseSource(rawValue: enumRaw(v)) else { return nil }; r.source = e
            case (5, 0): guard let v = reader.varint() else { return nil }; r.size = v
            case (6, 2): guard let b = reader.lengthDelimited(), let s = string(b) else { return nil }; r.modified = s
            case (7, 2): guard let b = reader.lengthDelimited(), let s = string(b) else { return nil }; r.expires = s
            case (8, 2): guard let b = reader.lengthDelimited(), let s = string(b) else { return nil }; r.etag = s
            case (9, 2): guard let b = reader.lengthDelimited(), let e = decodeError(b) else { return nil }; r.error = e
            default: return nil
            }
        }
        return r
    }

    private static func decodeError(_ bytes: UnsafeRawBufferPointer) -> ResourceReply.ResponseError? {
        var reader = ProtobufWireReader(bytes)
        var e = ResourceReply.ResponseError()
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint(), let reason = Mapwire_V1_ErrorReason(rawValue: enumRaw(v)) else { return nil }; e.reason = reason
            case (2, 2): guard let b = reader.lengthDelimited(), let s = string(b) else { return nil }; e.message = s
            default: return nil
            }
        }
        return e
    }

    /// An enum's value as swift-protobuf reads it: the low 32 bits, signed.
    static func enumRaw(_ v: UInt64) -> Int { Int(Int32(truncatingIfNeeded: v)) }

    private static func string(_ bytes: UnsafeRawBufferPointer) -> String? { asciiFastString(bytes) }

    /// Fields met so far (numbers below 64): a second occurrence sends the message to swift-protobuf,
    /// which merges or replaces by the rules of each field type.
    struct Seen {
        var bits: UInt64 = 0
        mutating func first(_ field: Int) -> Bool {
            guard field > 0, field < 64 else { return false }
            let bit: UInt64 = 1 << UInt64(field)
            defer { bits |= bit }
            return bits & bit == 0
        }
    }
}
