import MapWireWireFormat

/// One physical stream of an MLT column: its header (MapLibre Tile specification, "Tile Layout")
/// and a view of its payload bytes, valid while the tile's bytes are.
struct MLTStream {
    /// What the stream holds: the header's high nibble is the category, the low one its subtype.
    enum Kind: Equatable {
        case present
        /// none 0, single 1, shared 2, vertex 3, morton 4, fsst 5
        case data(UInt8)
        /// vertex 0, index 1, string 2, key 3
        case offset(UInt8)
        /// varBinary 0, geometries 1, parts 2, rings 3, triangles 4, symbol 5, dictionary 6
        case length(UInt8)

        init?(byte: UInt8) {
            let subtype = byte & 0x0F
            switch byte >> 4 {
            case 0: self = .present
            case 1 where subtype <= 5: self = .data(subtype)
            case 2 where subtype <= 3: self = .offset(subtype)
            case 3 where subtype <= 6: self = .length(subtype)
            default: return nil
            }
        }
    }

    /// The integer transform applied before the physical encoding.
    enum Logical: Equatable {
        case none, delta, componentwiseDelta, pseudoDecimal
        /// `runs` run lengths followed by `runs` values, expanding to `values` integers.
        case rle(runs: Int, values: Int)
        case deltaRLE(runs: Int, values: Int)
        /// Vertices as Z-order codes of `bits` bits per axis, each axis offset by `shift`.
        case morton(bits: Int, shift: UInt32)
        case mortonDelta(bits: Int, shift: UInt32)
    }

    enum Physical: Equatable { case none, fastPFOR, varint }

    let kind: Kind
    let logical: Logical
    let physical: Physical
    /// Values after the physical decoding (for RLE: run lengths plus values; for booleans: bits).
    let count: Int
    let payload: UnsafeRawBufferPointer

    /// Reads a header and its payload. `isBoolean` streams (presence, booleans) are byte-RLE and
    /// carry no run counts in the header.
    static func read(_ reader: inout ProtobufWireReader, isBoolean: Bool = false) throws(MLTProblem) -> MLTStream {
        guard let kindByte = reader.bytes(count: 1)?.first,
              let encoding = reader.bytes(count: 1)?.first else { throw .truncated("a stream header") }
        guard let kind = Kind(byte: kindByte) else {
            throw MLTProblem("unknown stream type 0x\(String(kindByte, radix: 16))")
        }
        let first = encoding >> 5, second = (encoding >> 2) & 0x7
        let physical: Physical
        switch encoding & 0x3 {
        case 0: physical = .none
        case 1: physical = .fastPFOR
        case 2: physical = .varint
        default: throw MLTProblem("unknown physical encoding 3")
        }
        let count = try reader.count("a stream's value count")
        let byteLength = try reader.count("a stream's byte length")
        let logical: Logical
        switch (first, second) {
        case (0, 0): logical = .none
        case (1, 0): logical = .delta
        case (2, 0): logical = .componentwiseDelta
        case (5, 0): logical = .pseudoDecimal
        case (3, 0), (1, 3):
            let runs: Int, values: Int
            if isBoolean {
                runs = (count + 7) / 8
                values = byteLength
            } else {
                runs = try reader.count("a stream's run count")
                values = try reader.count("a stream's run-length value count")
            }
            logical = first == 3 ? .rle(runs: runs, values: values) : .deltaRLE(runs: runs, values: values)
        case (4, 0), (4, 1), (4, 3):
            let bits = try reader.count("a Morton stream's bit count")
            guard bits <= 16 else { throw MLTProblem("a Morton stream with \(bits) bits per axis (at most 16)") }
            guard let shift = reader.varint(), shift <= UInt64(UInt32.max) else { throw .truncated("a Morton stream's shift") }
            // A run-length Morton stream is in the header's vocabulary but no encoder writes one.
            guard second != 3 else { throw MLTProblem("run-length Morton vertices are not supported") }
            logical = second == 1 ? .mortonDelta(bits: bits, shift: UInt32(shift)) : .morton(bits: bits, shift: UInt32(shift))
        default:
            throw MLTProblem("unknown logical encoding pair \(first)/\(second)")
        }
        guard let payload = reader.bytes(count: byteLength) else {
            throw .truncated("a stream of \(byteLength) bytes")
        }
        return MLTStream(kind: kind, logical: logical, physical: physical, count: count, payload: payload)
    }
}

extension ProtobufWireReader {
    /// A varint that fits a 32-bit count, as every MLT count and length does.
    mutating func count(_ what: @autoclosure () -> String) throws(MLTProblem) -> Int {
        guard let value = varint() else { throw .truncated(what()) }
        guard value <= UInt64(UInt32.max) else { throw MLTProblem("\(what()) is \(value), beyond 32 bits") }
        return Int(value)
    }
}
