import Foundation
import MapWireWireFormat

/// The loader's side of the request path by hand (the core's is `LoadRequestWriter` and `readResourceReply`):
/// a load request read into plain fields, no swift-protobuf message built, and a resource reply written
/// around a resource's bytes encoded once (a small file's answer is kept encoded and answers every later
/// load of it with one copy). Byte for byte what swift-protobuf reads and writes (`LoadMessageCodecLoaderTests`);
/// anything else (`decodeLoadRequest` nil) goes through `ControlCodec` as before.
extension LoadMessageCodec {
    /// A `ControlMessage{request: PluginRequest{load_resource}}` as plain fields.
    public struct LoadRequest: Equatable, Sendable {
        public struct Tile: Equatable, Sendable {
            public var z: UInt32
            public var x: UInt32
            public var y: UInt32
            public init(z: UInt32, x: UInt32, y: UInt32) { (self.z, self.x, self.y) = (z, x, y) }
        }

        public var id: UInt64 = 0
        public var deadlineUnixNanos: Int64 = 0
        public var attempt: UInt32 = 0
        /// The load had its `request` field (a ResourceRequestInfo, even an empty one).
        public var hasInfo = false
        public var url = ""
        public var kind = Mapwire_V1_ResourceKind.unspecified
        public var priority = Mapwire_V1_ResourcePriority.unspecified
        public var loadingMethods: [Mapwire_V1_LoadingMethod] = []
        public var tile: Tile?
        public var sourceID: String?

        public init() {}

        /// The same request as swift-protobuf's message.
        public var pluginRequest: Mapwire_V1_PluginRequest {
            var request = Mapwire_V1_PluginRequest()
            request.id = id
            request.deadlineUnixNanos = deadlineUnixNanos
            request.attempt = attempt
            request.loadResource = loadResource
            return request
        }

        /// The load's body (everything but the id, deadline and attempt) as swift-protobuf's message.
        public var loadResource: Mapwire_V1_LoadResource {
            var load = Mapwire_V1_LoadResource()
            if hasInfo {
                load.request = .with {
                    $0.url = url
                    $0.kind = kind
                    $0.priority = priority
                    $0.loadingMethod = loadingMethods
                }
            }
            if let tile { load.tileID = .with { $0.z = tile.z; $0.x = tile.x; $0.y = tile.y } }
            if let sourceID { load.sourceID = sourceID }
            return load
        }

        /// A load body swift-protobuf's message holds (id, deadline and attempt 0); nil when it or its parts
        /// have unknown fields, which only swift-protobuf writes back.
        public init?(_ load: Mapwire_V1_LoadResource) {
            guard load.unknownFields.data.isEmpty else { return nil }
            if load.hasRequest {
                let info = load.request
                guard info.unknownFields.data.isEmpty else { return nil }
                hasInfo = true
                url = info.url
                kind = info.kind
                priority = info.priority
                loadingMethods = info.loadingMethod
            }
            if load.hasTileID {
                let t = load.tileID
                guard t.unknownFields.data.isEmpty else { return nil }
                tile = Tile(z: t.z, x: t.x, y: t.y)
            }
            sourceID = load.hasSourceID ? load.sourceID : nil
        }
    }

    /// The load request a control message holds, or nil for any other message and for any load the
    /// hand path does not read exactly as swift-protobuf would (a field twice, unknown fields, a
    /// truncated value, bad UTF-8, unpacked enums): the caller then decodes with `ControlCodec`.
    public static func decodeLoadRequest(_ bytes: UnsafeRawBufferPointer) -> LoadRequest? {
        var reader = ProtobufWireReader(bytes)
        guard let (field, wireType) = reader.key(), field == 5, wireType == 2, let body = reader.lengthDelimited(),
              reader.isAtEnd else { return nil }
        reader = ProtobufWireReader(body)
        var request = LoadRequest()
        var seen = Seen()
        var hasLoad = false
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return nil }; request.id = v
            case (2, 0): guard let v = reader.varint() else { return nil }; request.deadlineUnixNanos = Int64(bitPattern: v)
            case (30, 0): guard let v = reader.varint() else { return nil }; request.attempt = UInt32(truncatingIfNeeded: v)
            case (10, 2):
                guard let load = reader.lengthDelimited(), readLoad(load, into: &request) else { return nil }
                hasLoad = true
            default: return nil
            }
        }
        return hasLoad ? request : nil
    }

    private static func readLoad(_ bytes: UnsafeRawBufferPointer, into request: inout LoadRequest) -> Bool {
        var reader = ProtobufWireReader(bytes)
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), wireType == 2, seen.first(field),
                  let body = reader.lengthDelimited() else { return false }
            switch field {
            case 1: guard readInfo(body, into: &request) else { return false }; request.hasInfo = true
            case 2: guard let tile = readTile(body) else { return false }; request.tile = tile
            case 3: guard let s = asciiFastString(body) else { return false }; request.sourceID = s
            default: return false
            }
        }
        return true
    }

    private static func readInfo(_ bytes: UnsafeRawBufferPointer, into request: inout LoadRequest) -> Bool {
        var reader = ProtobufWireReader(bytes)
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), seen.first(field) else { return false }
            switch (field, wireType) {
            case (1, 2):
                guard let body = reader.lengthDelimited(), let s = asciiFastString(body) else { return false }
                request.url = s
            case (2, 0):
                guard let v = reader.varint(), let e = Mapwire_V1_ResourceKind(rawValue: enumRaw(v)) else { return false }
                request.kind = e
            case (3, 0):
                guard let v = reader.varint(), let e = Mapwire_V1_ResourcePriority(rawValue: enumRaw(v)) else { return false }
                request.priority = e
            case (4, 2):
                guard let body = reader.lengthDelimited() else { return false }
                var packed = ProtobufWireReader(body)
                var methods: [Mapwire_V1_LoadingMethod] = []
                methods.reserveCapacity(body.count)  // one byte at least each: one allocation
                while !packed.isAtEnd {
                    guard let v = packed.varint(), let e = Mapwire_V1_LoadingMethod(rawValue: enumRaw(v)) else { return false }
                    methods.append(e)
                }
                request.loadingMethods = methods
            default: return false
            }
        }
        return true
    }

    private static func readTile(_ bytes: UnsafeRawBufferPointer) -> LoadRequest.Tile? {
        var reader = ProtobufWireReader(bytes)
        var tile = LoadRequest.Tile(z: 0, x: 0, y: 0)
        var seen = Seen()
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key(), wireType == 0, seen.first(field), let v = reader.varint() else { return nil }
            switch field {
            case 1: tile.z = UInt32(truncatingIfNeeded: v)
            case 2: tile.x = UInt32(truncatingIfNeeded: v)
            case 3: tile.y = UInt32(truncatingIfNeeded: v)
            default: return nil
            }
        }
        return tile
    }

    // MARK: Replies

    /// A resource's own wire bytes (a `ResourceData` as swift-protobuf serializes it), to be framed by
    /// `appendReply`; nil when it or its response has unknown fields.
    public static func encodeResource(_ resource: Mapwire_V1_ResourceData) -> [UInt8]? {
        guard let responseSize = size(resource) else { return nil }
        var writer = ProtobufWireWriter(capacity: 48 + (responseSize ?? 0) + resource.data.count)
        writeResource(resource, hasResponse: responseSize != nil, to: &writer)
        return writer.bytes
    }

    /// Appends `ControlMessage{reply: PluginReply{id, resource}}` to `out`, the resource being the bytes
    /// `encodeResource` made: what swift-protobuf writes for that message.
    public static func appendReply(id: UInt64, resource: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        let replySize = varintField(1, id) + keyedLength(10, resource.count)
        var head = HeadBytes()
        head.varint(6 << 3 | 2)
        head.varint(UInt64(replySize))
        if id != 0 {
            head.varint(1 << 3)
            head.varint(id)
        }
        head.varint(10 << 3 | 2)
        head.varint(UInt64(resource.count))
        out.reserveCapacity(out.count + head.count + resource.count)
        withUnsafeBytes(of: head.bytes) { out.append(contentsOf: $0[..<head.count]) }
        out.append(contentsOf: resource)
    }

    /// Appends `ControlMessage{reply: PluginReply{id, resource}}` to `out`, the resource written straight
    /// after its head (its data copied once, into `out`); false, and `out` as it was, when the resource has
    /// unknown fields.
    @discardableResult
    public static func appendReply(id: UInt64, resource: Mapwire_V1_ResourceData, to out: inout [UInt8]) -> Bool {
        guard let responseSize = size(resource) else { return false }
        let resourceSize = resourceSize(resource, responseSize: responseSize)
        let replySize = varintField(1, id) + keyedLength(10, resourceSize)
        var writer = ProtobufWireWriter()
        swap(&writer.bytes, &out)
        defer { swap(&writer.bytes, &out) }
        writer.bytes.reserveCapacity(writer.bytes.count + keyedLength(6, replySize))
        writer.key(6, wireType: 2)
        writer.varint(UInt64(replySize))
        writeVarint(&writer, 1, id)
        writer.key(10, wireType: 2)
        writer.varint(UInt64(resourceSize))
        writeResource(resource, hasResponse: responseSize != nil, to: &writer)
        return true
    }

    /// The whole reply message for a resource; nil when the resource has unknown fields.
    public static func encodeReply(id: UInt64, resource: Mapwire_V1_ResourceData) -> [UInt8]? {
        guard let bytes = encodeResource(resource) else { return nil }
        var out: [UInt8] = []
        bytes.withUnsafeBytes { appendReply(id: id, resource: $0, to: &out) }
        return out
    }

    /// A reply's head (at most 1 + 10 + 1 + 10 + 1 + 10 bytes) built on the stack: no array per reply.
    private struct HeadBytes {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count = 0
        mutating func varint(_ value: UInt64) {
            var v = value
            withUnsafeMutableBytes(of: &bytes) { raw in
                while v >= 0x80 {
                    raw[count] = UInt8(truncatingIfNeeded: v) | 0x80
                    v >>= 7
                    count += 1
                }
                raw[count] = UInt8(v)
                count += 1
            }
        }
    }
}
