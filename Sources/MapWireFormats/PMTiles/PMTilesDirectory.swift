import Foundation

/// One directory entry: a run of `runLength` tiles sharing one stored tile, or (run length 0) a
/// pointer to a leaf directory. Offsets are relative to the tile data or leaf directory section.
public struct PMTilesEntry: Sendable, Equatable {
    public var tileID: UInt64
    public var offset: UInt64
    public var length: UInt32
    public var runLength: UInt32

    public var isLeafPointer: Bool { runLength == 0 }
}

/// A decoded (already decompressed) directory: entries sorted by tile id.
struct PMTilesDirectory: Sendable, Equatable {
    var entries: [PMTilesEntry]

    /// Serialized form: entry count, then columns of tile id deltas, run lengths, lengths and
    /// offsets, all varints; an offset of 0 (after the first entry) means "right after the previous".
    init(decoding data: Data, name: String, what: String) throws(PMTilesError) {
        var reader = VarintReader(bytes: [UInt8](data))
        func corrupt(_ detail: String) -> PMTilesError { .corruptDirectory(name: name, what: what, detail: detail) }
        func next() throws(PMTilesError) -> UInt64 {
            do { return try reader.next() } catch { throw corrupt(error.description) }
        }
        let count = try next()
        // Each entry takes at least four bytes: a count beyond that is a lie, not an allocation to make.
        guard count <= UInt64(reader.remaining / 4) else {
            throw corrupt("it claims \(count) entries in \(reader.remaining) bytes")
        }
        let n = Int(count)
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: n)
        var lastID: UInt64 = 0
        for i in 0..<n {
            let delta = try next()
            guard i == 0 || delta > 0 else { throw corrupt("tile ids do not increase at entry \(i)") }
            let (id, overflow) = lastID.addingReportingOverflow(delta)
            guard !overflow else { throw corrupt("tile id overflows 64 bits at entry \(i)") }
            entries[i].tileID = id
            lastID = id
        }
        for i in 0..<n {
            guard let run = UInt32(exactly: try next()) else { throw corrupt("run length of entry \(i) exceeds 32 bits") }
            entries[i].runLength = run
        }
        for i in 0..<n {
            let length = try next()
            guard let fitted = UInt32(exactly: length), fitted > 0 else {
                throw corrupt("entry \(i) has length \(length) (must be 1...\(UInt32.max))")
            }
            entries[i].length = fitted
        }
        for i in 0..<n {
            let value = try next()
            if value == 0 {
                guard i > 0 else { throw corrupt("the first entry's offset refers to a previous entry") }
                let (offset, overflow) = entries[i - 1].offset.addingReportingOverflow(UInt64(entries[i - 1].length))
                guard !overflow else { throw corrupt("offset of entry \(i) overflows 64 bits") }
                entries[i].offset = offset
            } else {
                entries[i].offset = value - 1
            }
        }
        self.entries = entries
    }

    init(entries: [PMTilesEntry]) { self.entries = entries }

    /// The entry holding `tileID`: an exact match, a run that covers it, or the leaf pointer whose
    /// range starts at or before it. Nil when the directory has nothing for it.
    func find(_ tileID: UInt64) -> PMTilesEntry? {
        var low = 0, high = entries.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let id = entries[middle].tileID
            if id < tileID { low = middle + 1 } else if id > tileID { high = middle - 1 } else { return entries[middle] }
        }
        guard high >= 0 else { return nil }
        let candidate = entries[high]
        if candidate.isLeafPointer { return candidate }
        return tileID - candidate.tileID < UInt64(candidate.runLength) ? candidate : nil
    }
}

/// Unsigned LEB128 varints, at most 64 bits.
struct VarintReader {
    enum Failure: Error, CustomStringConvertible {
        case endOfData, overflow
        var description: String {
            switch self {
            case .endOfData: "the data ends inside a number"
            case .overflow: "a number is longer than 64 bits"
            }
        }
    }

    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    mutating func next() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw .endOfData }
            let byte = bytes[position]
            position += 1
            // The tenth byte may only carry the 64th bit.
            guard shift < 63 || byte <= 1 else { throw .overflow }
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
