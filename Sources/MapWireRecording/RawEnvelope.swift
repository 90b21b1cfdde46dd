/// An envelope read without decoding its payload: the header fields and the payload's field number and
/// bytes. The recorder stores the payload bytes as they came (MCAP Message data), and replay writes them
/// back into an envelope the same way, so a recording costs no protobuf decoding or encoding per event.
public struct RawEnvelope: Equatable, Sendable {
    public var protocolVersion: UInt32 = 0
    public var epoch: UInt64 = 0
    public var sequence: UInt64 = 0
    public var beginUnixNanos: Int64 = 0
    public var endUnixNanos: Int64 = 0
    public var mapID = ""
    /// The payload's Envelope field number (0: none).
    public var payloadField = 0
    public var payload: [UInt8] = []
    public var benchmark = false
    public var causationID: UInt64 = 0

    public init() {}

    /// Reads the wire format; nil for bytes that are not an envelope (truncated, wrong wire types).
    /// Fields it does not know are skipped, as protobuf readers do.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> RawEnvelope? {
        var e = RawEnvelope()
        var at = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0, shift: UInt64 = 0
            while at < bytes.count, shift < 64 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while at < bytes.count {
            guard let key = varint() else { return nil }
            let field = Int(key >> 3)
            switch key & 7 {
            case 0:
                guard let v = varint() else { return nil }
                switch field {
                case 1: e.protocolVersion = UInt32(truncatingIfNeeded: v)
                case 3: e.sequence = v
                case 4: e.beginUnixNanos = Int64(bitPattern: v)
                case 5: e.endUnixNanos = Int64(bitPattern: v)
                case 130: e.benchmark = v != 0
                case 131: e.causationID = v
                default: break
                }
            case 1:
                guard at + 8 <= bytes.count else { return nil }
                if field == 2 { e.epoch = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
                at += 8
            case 5:
                guard at + 4 <= bytes.count else { return nil }
                at += 4
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - at) else { return nil }
                let slice = UnsafeRawBufferPointer(rebasing: bytes[at..<at + Int(length)])
                at += Int(length)
                if field == 6 { e.mapID = String(decoding: slice, as: UTF8.self) }
                else if (16...199).contains(field) { e.payloadField = field; e.payload = Array(slice) }
            default: return nil
            }
        }
        return e
    }

    /// The wire bytes, fields in number order with defaults left out (as the core's EnvelopeWriter
    /// writes them); the payload field is written even when empty, its presence being the information.
    public func encoded() -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(48 + mapID.utf8.count + payload.count)
        func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 { b.append(UInt8(truncatingIfNeeded: v) | 0x80); v >>= 7 }
            b.append(UInt8(v))
        }
        func key(_ field: Int, _ wire: UInt64) { varint(UInt64(field) << 3 | wire) }
        if protocolVersion != 0 { key(1, 0); varint(UInt64(protocolVersion)) }
        if epoch != 0 { key(2, 1); withUnsafeBytes(of: epoch.littleEndian) { b.append(contentsOf: $0) } }
        if sequence != 0 { key(3, 0); varint(sequence) }
        if beginUnixNanos != 0 { key(4, 0); varint(UInt64(bitPattern: beginUnixNanos)) }
        if endUnixNanos != 0 { key(5, 0); varint(UInt64(bitPattern: endUnixNanos)) }
        if !mapID.isEmpty { key(6, 2); varint(UInt64(mapID.utf8.count)); b.append(contentsOf: mapID.utf8) }
        if payloadField != 0 { key(payloadField, 2); varint(UInt64(payload.count)); b.append(contentsOf: payload) }
        if benchmark { key(130, 0); varint(1) }
        if causationID != 0 { key(131, 0); varint(causationID) }
        return b
    }
}
