import Foundation
import MapWireWireFormat
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
        unknown.data.withUnsafeBytes { bytes in
            var reader = ProtobufWireReader(bytes)
            while let (field, wireType) = nextTag(&reader) {
                if let allowed = schema[field], !allowed.contains(wireType) { return field }
                guard skip(wireType: wireType, in: &reader) else { return nil }
            }
            return nil
        }
    }

    /// The next key of bytes SwiftProtobuf already accepted; nil at the end or on anything odd.
    private static func nextTag(_ reader: inout ProtobufWireReader) -> (field: Int, wireType: UInt64)? {
        guard !reader.isAtEnd, let (field, wireType) = reader.key(), field <= Int(Int32.max) else { return nil }
        return (field, wireType)
    }

    /// Moves past one value; a group is skipped whole so its inner fields are not mistaken for ours.
    private static func skip(wireType: UInt64, in reader: inout ProtobufWireReader) -> Bool {
        switch wireType {
        case 3:
            var depth = 1
            while depth > 0 {
                guard let (_, inner) = nextTag(&reader) else { return false }
                if inner == 3 { depth += 1 } else if inner == 4 { depth -= 1 } else if !skip(wireType: inner, in: &reader) { return false }
            }
            return true
        case 4: return true
        default: return reader.skip(wireType: wireType)
        }
    }
}
