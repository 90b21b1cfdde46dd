import Foundation
import MapWireWireFormat
import SwiftProtobuf

/// The request path's hot messages by hand: a `ControlMessage` holding a load-resource `PluginRequest`
/// (core → loader) or a resource `PluginReply` (loader → core). Every other message, and any of these
/// with something unusual (unknown fields, a field twice, unpacked enums, bad UTF-8, a truncated value),
/// returns nil and goes through swift-protobuf (`ControlCodec`), so bytes and results are always what
/// swift-protobuf gives (`LoadMessageCodecTests` compares them over randomised messages).
///
/// swift-protobuf's generic visitor cost the core and the loader most of their codec time per request
/// (`mapwire bench`, BENCHMARKS.md); these walk the known fields once.
public enum LoadMessageCodec {
    // MARK: Encoding

    /// The wire bytes of `message`, or nil when it is not one of the two hot shapes.
    public static func encode(_ message: Mapwire_V1_ControlMessage) -> Data? {
        guard message.unknownFields.data.isEmpty else { return nil }
        switch message.body {
        case .request(let request):
            guard case .loadResource(let load) = request.kind, request.unknownFields.data.isEmpty else { return nil }
            return encodeRequest(id: request.id, deadlineUnixNanos: request.deadlineUnixNanos, attempt: request.attempt, load: load)
        case .reply(let reply):
            guard case .resource(let resource) = reply.kind, reply.unknownFields.data.isEmpty,
                  let responseSize = size(resource) else { return nil }
            return encode(reply.id, resource, responseSize: responseSize)
        default:
            return nil
        }
    }

    /// The bytes of a `ControlMessage{request: PluginRequest{id, deadline_unix_nanos, attempt, load_resource}}`
    /// written from its parts (the core keeps a load's body apart from its per-attempt fields, so no
    /// `PluginRequest` is built per send); nil when the load has unknown fields (swift-protobuf writes it).
    public static func encodeRequest(id: UInt64, deadlineUnixNanos: Int64, attempt: UInt32, load: Mapwire_V1_LoadResource) -> Data? {
        var writer = LoadRequestWriter()
        guard writer.write(id: id, deadlineUnixNanos: deadlineUnixNanos, attempt: attempt, load: load) else { return nil }
        return writer.withBytes { Data($0) }
    }

    /// A resource reply: every field before and after the data is written into one small buffer; the
    /// data is copied once, into the frame (`Data` assembled at its final size).
    private static func encode(_ id: UInt64, _ resource: Mapwire_V1_ResourceData, responseSize: Int?) -> Data? {
        let resourceSize = resourceSize(resource, responseSize: responseSize)
        let replySize = varintField(1, id) + keyedLength(10, resourceSize)
        var head = ProtobufWireWriter(capacity: 64 + (responseSize ?? 0))
        head.key(6, wireType: 2)
        head.varint(UInt64(replySize))
        writeVarint(&head, 1, id)
        head.key(10, wireType: 2)
        head.varint(UInt64(resourceSize))
        writeVarint(&head, 1, enumValue(resource.dataSource.rawValue))
        if responseSize != nil { write(resource.response, to: &head) }
        if !resource.data.isEmpty {
            head.key(3, wireType: 2)
            head.varint(UInt64(resource.data.count))
        }
        var frame = Data(capacity: head.bytes.count + resource.data.count + 11)
        frame.append(contentsOf: head.bytes)
        frame.append(resource.data)
        if resource.hasRetryAfterMs {
            var tail = ProtobufWireWriter(capacity: 11)
            tail.key(4, wireType: 0)
            tail.varint(UInt64(resource.retryAfterMs))
            frame.append(contentsOf: tail.bytes)
        }
        return frame
    }

    /// The bytes of a `ResourceData`'s body (`responseSize`: its response's, nil when it has none).
    static func resourceSize(_ resource: Mapwire_V1_ResourceData, responseSize: Int?) -> Int {
        let dataField = resource.data.isEmpty ? 0 : keyedLength(3, resource.data.count)
        let retryField = resource.hasRetryAfterMs ? 1 + varintSize(UInt64(resource.retryAfterMs)) : 0
        var size = varintField(1, enumValue(resource.dataSource.rawValue)) + dataField + retryField
        if let responseSize { size += keyedLength(2, responseSize) }
        return size
    }

    /// A `ResourceData`'s body, its data copied once, into `writer`.
    static func writeResource(_ resource: Mapwire_V1_ResourceData, hasResponse: Bool, to writer: inout ProtobufWireWriter) {
        writeVarint(&writer, 1, enumValue(resource.dataSource.rawValue))
        if hasResponse { write(resource.response, to: &writer) }
        if !resource.data.isEmpty {
            writer.key(3, wireType: 2)
            writer.varint(UInt64(resource.data.count))
            resource.data.withUnsafeBytes { writer.bytes.append(contentsOf: $0) }
        }
        if resource.hasRetryAfterMs {
            writer.key(4, wireType: 0)
            writer.varint(UInt64(resource.retryAfterMs))
        }
    }

    /// The size of the resource's `response` field value, nil when it has none; fails (outer nil) on
    /// unknown fields anywhere in it.
    static func size(_ resource: Mapwire_V1_ResourceData) -> Int?? {
        guard resource.unknownFields.data.isEmpty else { return nil }
        guard resource.hasResponse else { return .some(nil) }
        let r = resource.response
        guard r.unknownFields.data.isEmpty else { return nil }
        var n = (r.noContent ? 2 : 0) + (r.notModified ? 2 : 0) + (r.mustRevalidate ? 2 : 0)
        n += varintField(4, enumValue(r.source.rawValue)) + varintField(5, r.size)
        if r.hasModified { n += keyedLength(6, r.modified.utf8.count) }
        if r.hasExpires { n += keyedLength(7, r.expires.utf8.count) }
        if r.hasEtag { n += keyedLength(8, r.etag.utf8.count) }
        if r.hasError {
            guard r.error.unknownFields.data.isEmpty else { return nil }
            n += keyedLength(9, errorSize(r.error))
        }
        return .some(n)
    }

    static func errorSize(_ e: Mapwire_V1_ResponseError) -> Int {
        varintField(1, enumValue(e.reason.rawValue)) + stringField(2, e.message)
    }

    static func write(_ r: Mapwire_V1_ResourceResponse, to writer: inout ProtobufWireWriter) {
        var n = (r.noContent ? 2 : 0) + (r.notModified ? 2 : 0) + (r.mustRevalidate ? 2 : 0)
        n += varintField(4, enumValue(r.source.rawValue)) + varintField(5, r.size)
        if r.hasModified { n += keyedLength(6, r.modified.utf8.count) }
        if r.hasExpires { n += keyedLength(7, r.expires.utf8.count) }
        if r.hasEtag { n += keyedLength(8, r.etag.utf8.count) }
        if r.hasError { n += keyedLength(9, errorSize(r.error)) }
        writer.key(2, wireType: 2)
        writer.varint(UInt64(n))
        if r.noContent { writer.key(1, wireType: 0); writer.varint(1) }
        if r.notModified { writer.key(2, wireType: 0); writer.varint(1) }
        if r.mustRevalidate { writer.key(3, wireType: 0); writer.varint(1) }
        writeVarint(&writer, 4, enumValue(r.source.rawValue))
        writeVarint(&writer, 5, r.size)
        if r.hasModified { writer.key(6, wireType: 2); writer.lengthDelimited(r.modified.utf8) }
        if r.hasExpires { writer.key(7, wireType: 2); writer.lengthDelimited(r.expires.utf8) }
        if r.hasEtag { writer.key(8, wireType: 2); writer.lengthDelimited(r.etag.utf8) }
        if r.hasError {
            writer.key(9, wireType: 2)
            writer.varint(UInt64(errorSize(r.error)))
            writeVarint(&writer, 1, enumValue(r.error.reason.rawValue))
            writeString(&writer, 2, r.error.message)
        }
    }

    // MARK: Sizes and writes (proto3: a scalar at its default is left out)

    /// An enum's wire value: its int32 sign-extended to 64 bits, as protobuf writes negative enums.
    static func enumValue(_ raw: Int) -> UInt64 { UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: raw))) }

    static func varintSize(_ v: UInt64) -> Int { v == 0 ? 1 : (64 - v.leadingZeroBitCount + 6) / 7 }
    static func keySize(_ field: Int) -> Int { varintSize(UInt64(field) << 3) }
    static func varintField(_ field: Int, _ v: UInt64) -> Int { v == 0 ? 0 : keySize(field) + varintSize(v) }
    static func keyedLength(_ field: Int, _ length: Int) -> Int { keySize(field) + varintSize(UInt64(length)) + length }
    static func stringField(_ field: Int, _ s: String) -> Int { s.isEmpty ? 0 : keyedLength(field, s.utf8.count) }

    static func writeVarint(_ writer: inout ProtobufWireWriter, _ field: Int, _ v: UInt64) {
        guard v != 0 else { return }
        writer.key(field, wireType: 0)
        writer.varint(v)
    }

    static func writeString(_ writer: inout ProtobufWireWriter, _ field: Int, _ s: String) {
        guard !s.isEmpty else { return }
        writer.key(field, wireType: 2)
        writer.lengthDelimited(s.utf8)
    }
}
