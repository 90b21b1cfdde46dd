import SwiftProtobuf

/// Finds schema fields that were sent with the wrong wire type. SwiftProtobuf keeps such a field
/// in `unknownFields` instead of failing, which would silently turn e.g. an extent sent as a string
/// into the default extent; the spec treats these tiles as unreadable.
enum WireTypeCheck {
    /// Wire types: 0 varint, 1 fixed64, 2 length-delimited, 3/4 group start/end, 5 fixed32.
    typealias Schema = [Int: Set<UInt64>]

    static let tile: Schema = [3: [2]]
    static let layer: Schema = [1: [2], 2: [2], 3: [2], 4: [2], 5: [0], 15: [0]]
    /// Repeated scalars may arrive packed (2) or one by one (0). An out-of-range enum value for
    /// `type` is stored as a varint unknown field: right wire type, so it is not reported here.
    static let feature: Schema = [1: [0], 2: [0, 2], 3: [0], 4: [0, 2]]
    static let value: Schema = [1: [2], 2: [5], 3: [1], 4: [0], 5: [0], 6: [0], 7: [0]]

    /// The first schema field number present in `unknown`, if any.
    static func misencodedField(in unknown: UnknownStorage, schema: Schema) -> Int? {
        var reader = Reader(bytes: [UInt8](unknown.data))
        while let (field, wireType) = reader.nextTag() {
            if let allowed = schema[field], !allowed.contains(wireType) { return field }
            guard reader.skip(wireType: wireType) else { return nil }
        }
        return nil
    }

    /// Minimal tag walker over bytes SwiftProtobuf already accepted; stops quietly on anything odd.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func varint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
            return nil
        }

        mutating func nextTag() -> (field: Int, wireType: UInt64)? {
            guard offset < bytes.count, let tag = varint(), tag >> 3 <= UInt64(Int32.max) else { return nil }
            return (Int(tag >> 3), tag & 7)
        }

        /// Moves past one value; a group is skipped whole so its inner fields are not mistaken for ours.
        mutating func skip(wireType: UInt64) -> Bool {
            switch wireType {
            case 0: return varint() != nil
            case 1: offset += 8
            case 5: offset += 4
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return false }
                offset += Int(length)
            case 3:
                var depth = 1
                while depth > 0 {
                    guard let (_, inner) = nextTag() else { return false }
                    if inner == 3 { depth += 1 } else if inner == 4 { depth -= 1 } else if !skip(wireType: inner) { return false }
                }
            case 4: break
            default: return false
            }
            return offset <= bytes.count
        }
    }
}
