/// Reads an MCAP file front to back (no seeking): what replay and `--inspect` need, and what still works
/// on a recording that was killed before its summary was written (it stops at the last whole record).
public enum MCAPReader {
    public struct Contents: Sendable {
        public var header: MCAPHeader?
        public var schemas: [UInt16: MCAPSchema] = [:]
        public var channels: [UInt16: MCAPChannel] = [:]
        /// Every message in file order (a recorder writes them in receive order).
        public var messages: [MCAPMessage] = []
        /// Metadata records in file order.
        public var metadata: [MCAPMetadata] = []
        public var chunkCount = 0
        /// The summary's statistics, when the file has one.
        public var statistics: MCAPStatistics?
        /// Whether the file ended before its footer (a recording that was not closed).
        public var truncated = false
    }

    /// One top-level record: its opcode and content.
    public struct Record {
        public var opcode: UInt8
        public var content: ArraySlice<UInt8>
        /// File offset of the opcode byte.
        public var offset: Int
    }

    /// The top-level records after the leading magic, up to the footer or the last whole record.
    public static func records(_ bytes: [UInt8]) throws(MCAPError) -> (records: [Record], truncated: Bool) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == MCAPMagic.bytes else { throw .notMCAP }
        var records: [Record] = []
        var at = 8
        while true {
            guard bytes.count - at >= 9 else { return (records, true) }
            var cursor = MCAPCursor(bytes[at..<at + 9])
            let opcode = try cursor.u8()
            let length = try cursor.u64()
            guard length <= UInt64(bytes.count - at - 9) else { return (records, true) }
            records.append(Record(opcode: opcode, content: bytes[at + 9..<at + 9 + Int(length)], offset: at))
            at += 9 + Int(length)
            if opcode == MCAPOpcode.footer.rawValue {
                let magicOK = bytes.count - at >= 8 && Array(bytes[at..<at + 8]) == MCAPMagic.bytes
                return (records, !magicOK)
            }
        }
    }

    /// How many bytes a file's chunks may decompress to in all: `maximumExpansion` times the file's own
    /// size, at least `minimumDecompressionBudget`. zstd can in principle inflate a chunk some thirty
    /// thousand times (and a chunk states its size itself), so a small file could otherwise make a reader
    /// take gigabytes; a recording of the bus compresses some ten times.
    public static let maximumExpansion = 256
    public static let minimumDecompressionBudget: UInt64 = 64 << 20

    public static func decompressionBudget(fileBytes: Int) -> UInt64 {
        max(minimumDecompressionBudget, UInt64(fileBytes) * UInt64(maximumExpansion))
    }

    public static func read(_ bytes: [UInt8]) throws(MCAPError) -> Contents {
        let (records, truncated) = try records(bytes)
        var contents = Contents()
        contents.truncated = truncated
        var inSummary = false
        var budget = decompressionBudget(fileBytes: bytes.count)
        for record in records {
            switch MCAPOpcode(rawValue: record.opcode) {
            case .header: contents.header = try MCAPHeader(content: record.content)
            case .chunk:
                let chunk = try MCAPChunk(content: record.content)
                // Checked before anything is allocated for it.
                guard chunk.uncompressedSize <= budget else {
                    throw .malformed("the chunk at byte \(record.offset) claims \(chunk.uncompressedSize) bytes uncompressed, more than a file of "
                                     + "\(bytes.count) bytes can hold (its chunks at most \(maximumExpansion) times its size in all)")
                }
                budget -= chunk.uncompressedSize
                let inner = try MCAPCompression.decompress(chunk.compression, chunk.records[...], size: chunk.uncompressedSize)
                if chunk.uncompressedCRC != 0, CRC32.of(inner) != chunk.uncompressedCRC {
                    throw .malformed("chunk at byte \(record.offset) fails its CRC")
                }
                try readPlain(inner[...], into: &contents)
                contents.chunkCount += 1
            case .schema, .channel, .message:
                // Outside chunks, or repeated in the summary (the same records again).
                if !inSummary { try readPlain(bytes[record.offset..<record.content.endIndex], into: &contents) }
            case .metadata: contents.metadata.append(try MCAPMetadata(content: record.content))
            case .statistics: contents.statistics = try MCAPStatistics(content: record.content)
            case .dataEnd: inSummary = true
            default: break
            }
        }
        return contents
    }

    /// Schema, Channel and Message records laid end to end (a chunk's records).
    private static func readPlain(_ bytes: ArraySlice<UInt8>, into contents: inout Contents) throws(MCAPError) {
        var cursor = MCAPCursor(bytes)
        while cursor.remaining > 0 {
            let opcode = try cursor.u8()
            let length = try cursor.u64()
            guard length <= UInt64(cursor.remaining) else { throw .malformed("a record runs past its chunk") }
            let content = try cursor.take(Int(length))
            switch MCAPOpcode(rawValue: opcode) {
            case .schema: let s = try MCAPSchema(content: content); contents.schemas[s.id] = s
            case .channel: let c = try MCAPChannel(content: content); contents.channels[c.id] = c
            case .message: contents.messages.append(try MCAPMessage(content: content))
            default: break
            }
        }
    }
}
