/// The MCAP records MapWire writes and reads, each with its content layout from the specification.
/// `record` gives the whole record (opcode, length, content); `init(content:)` reads the content back.

public struct MCAPHeader: Equatable, Sendable {
    public var profile: String
    public var library: String

    public init(profile: String, library: String) { self.profile = profile; self.library = library }

    public var record: [UInt8] {
        var c = MCAPBytes(); c.string(profile); c.string(library)
        return MCAPRecordBytes.make(.header, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        profile = try r.string(); library = try r.string()
    }
}

public struct MCAPSchema: Equatable, Sendable {
    public var id: UInt16
    public var name: String
    public var encoding: String
    public var data: [UInt8]

    public init(id: UInt16, name: String, encoding: String, data: [UInt8]) {
        self.id = id; self.name = name; self.encoding = encoding; self.data = data
    }

    public var record: [UInt8] {
        var c = MCAPBytes(); c.u16(id); c.string(name); c.string(encoding); c.prefixed32(data)
        return MCAPRecordBytes.make(.schema, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        id = try r.u16(); name = try r.string(); encoding = try r.string(); data = Array(try r.prefixed32())
    }
}

public struct MCAPChannel: Equatable, Sendable {
    public var id: UInt16
    public var schemaID: UInt16
    public var topic: String
    public var messageEncoding: String
    public var metadata: [String: String]

    public init(id: UInt16, schemaID: UInt16, topic: String, messageEncoding: String, metadata: [String: String] = [:]) {
        self.id = id; self.schemaID = schemaID; self.topic = topic; self.messageEncoding = messageEncoding; self.metadata = metadata
    }

    public var record: [UInt8] {
        var c = MCAPBytes(); c.u16(id); c.u16(schemaID); c.string(topic); c.string(messageEncoding); c.stringMap(metadata)
        return MCAPRecordBytes.make(.channel, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        id = try r.u16(); schemaID = try r.u16(); topic = try r.string(); messageEncoding = try r.string(); metadata = try r.stringMap()
    }
}

public struct MCAPMessage: Equatable, Sendable {
    public var channelID: UInt16
    public var sequence: UInt32
    /// When the recorder received it, and when the publisher stamped it (ns since the Unix epoch).
    public var logTime: UInt64
    public var publishTime: UInt64
    public var data: [UInt8]

    public init(channelID: UInt16, sequence: UInt32, logTime: UInt64, publishTime: UInt64, data: [UInt8]) {
        self.channelID = channelID; self.sequence = sequence; self.logTime = logTime; self.publishTime = publishTime; self.data = data
    }

    /// The message record appended to `bytes` (the hot path: no intermediate array).
    func append(to bytes: inout [UInt8]) {
        var c = MCAPBytes()
        swap(&c.bytes, &bytes)
        c.u8(MCAPOpcode.message.rawValue)
        c.u64(UInt64(2 + 4 + 8 + 8 + data.count))
        c.u16(channelID); c.u32(sequence); c.u64(logTime); c.u64(publishTime)
        c.bytes.append(contentsOf: data)
        swap(&c.bytes, &bytes)
    }

    public var record: [UInt8] { var b: [UInt8] = []; append(to: &b); return b }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        channelID = try r.u16(); sequence = try r.u32(); logTime = try r.u64(); publishTime = try r.u64()
        data = Array(try r.take(r.remaining))
    }
}

public struct MCAPChunk: Equatable, Sendable {
    public var messageStartTime: UInt64
    public var messageEndTime: UInt64
    public var uncompressedSize: UInt64
    /// CRC-32 of the uncompressed records (0: not checked).
    public var uncompressedCRC: UInt32
    public var compression: String
    public var records: [UInt8]

    public var record: [UInt8] {
        var c = MCAPBytes()
        c.u64(messageStartTime); c.u64(messageEndTime); c.u64(uncompressedSize); c.u32(uncompressedCRC)
        c.string(compression); c.u64(UInt64(records.count)); c.bytes.append(contentsOf: records)
        return MCAPRecordBytes.make(.chunk, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        messageStartTime = try r.u64(); messageEndTime = try r.u64(); uncompressedSize = try r.u64()
        uncompressedCRC = try r.u32(); compression = try r.string()
        let n = try r.u64()
        guard n <= UInt64(r.remaining) else { throw .malformed("a chunk's records run past the chunk") }
        records = Array(try r.take(Int(n)))
    }

    init(messageStartTime: UInt64, messageEndTime: UInt64, uncompressedSize: UInt64, uncompressedCRC: UInt32, compression: String, records: [UInt8]) {
        self.messageStartTime = messageStartTime; self.messageEndTime = messageEndTime; self.uncompressedSize = uncompressedSize
        self.uncompressedCRC = uncompressedCRC; self.compression = compression; self.records = records
    }
}

public struct MCAPMessageIndex: Equatable, Sendable {
    public var channelID: UInt16
    /// (log time, offset of the message record in the chunk's uncompressed records).
    public var entries: [(logTime: UInt64, offset: UInt64)]

    public var record: [UInt8] {
        var c = MCAPBytes(); c.u16(channelID); c.u32(UInt32(entries.count * 16))
        for e in entries { c.u64(e.logTime); c.u64(e.offset) }
        return MCAPRecordBytes.make(.messageIndex, c)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.channelID == b.channelID && a.entries.elementsEqual(b.entries) { $0.logTime == $1.logTime && $0.offset == $1.offset }
    }

    init(channelID: UInt16, entries: [(logTime: UInt64, offset: UInt64)]) { self.channelID = channelID; self.entries = entries }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        channelID = try r.u16()
        var list = MCAPCursor(try r.prefixed32())
        entries = []
        while list.remaining > 0 { entries.append((try list.u64(), try list.u64())) }
    }
}

public struct MCAPChunkIndex: Equatable, Sendable {
    public var messageStartTime: UInt64
    public var messageEndTime: UInt64
    public var chunkStartOffset: UInt64
    public var chunkLength: UInt64
    public var messageIndexOffsets: [UInt16: UInt64]
    public var messageIndexLength: UInt64
    public var compression: String
    public var compressedSize: UInt64
    public var uncompressedSize: UInt64

    public var record: [UInt8] {
        var c = MCAPBytes()
        c.u64(messageStartTime); c.u64(messageEndTime); c.u64(chunkStartOffset); c.u64(chunkLength)
        c.u32(UInt32(messageIndexOffsets.count * 10))
        for id in messageIndexOffsets.keys.sorted() { c.u16(id); c.u64(messageIndexOffsets[id] ?? 0) }
        c.u64(messageIndexLength); c.string(compression); c.u64(compressedSize); c.u64(uncompressedSize)
        return MCAPRecordBytes.make(.chunkIndex, c)
    }

    init(messageStartTime: UInt64, messageEndTime: UInt64, chunkStartOffset: UInt64, chunkLength: UInt64,
         messageIndexOffsets: [UInt16: UInt64], messageIndexLength: UInt64, compression: String, compressedSize: UInt64, uncompressedSize: UInt64) {
        self.messageStartTime = messageStartTime; self.messageEndTime = messageEndTime; self.chunkStartOffset = chunkStartOffset
        self.chunkLength = chunkLength; self.messageIndexOffsets = messageIndexOffsets; self.messageIndexLength = messageIndexLength
        self.compression = compression; self.compressedSize = compressedSize; self.uncompressedSize = uncompressedSize
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        messageStartTime = try r.u64(); messageEndTime = try r.u64(); chunkStartOffset = try r.u64(); chunkLength = try r.u64()
        var map = MCAPCursor(try r.prefixed32())
        messageIndexOffsets = [:]
        while map.remaining > 0 { messageIndexOffsets[try map.u16()] = try map.u64() }
        messageIndexLength = try r.u64(); compression = try r.string(); compressedSize = try r.u64(); uncompressedSize = try r.u64()
    }
}

public struct MCAPStatistics: Equatable, Sendable {
    public var messageCount: UInt64 = 0
    public var schemaCount: UInt16 = 0
    public var channelCount: UInt32 = 0
    public var attachmentCount: UInt32 = 0
    public var metadataCount: UInt32 = 0
    public var chunkCount: UInt32 = 0
    public var messageStartTime: UInt64 = 0
    public var messageEndTime: UInt64 = 0
    public var channelMessageCounts: [UInt16: UInt64] = [:]

    public init() {}

    public var record: [UInt8] {
        var c = MCAPBytes()
        c.u64(messageCount); c.u16(schemaCount); c.u32(channelCount); c.u32(attachmentCount); c.u32(metadataCount)
        c.u32(chunkCount); c.u64(messageStartTime); c.u64(messageEndTime)
        c.u32(UInt32(channelMessageCounts.count * 10))
        for id in channelMessageCounts.keys.sorted() { c.u16(id); c.u64(channelMessageCounts[id] ?? 0) }
        return MCAPRecordBytes.make(.statistics, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        messageCount = try r.u64(); schemaCount = try r.u16(); channelCount = try r.u32(); attachmentCount = try r.u32()
        metadataCount = try r.u32(); chunkCount = try r.u32(); messageStartTime = try r.u64(); messageEndTime = try r.u64()
        var map = MCAPCursor(try r.prefixed32())
        while map.remaining > 0 { channelMessageCounts[try map.u16()] = try map.u64() }
    }
}

public struct MCAPMetadata: Equatable, Sendable {
    public var name: String
    public var metadata: [String: String]

    public init(name: String, metadata: [String: String]) { self.name = name; self.metadata = metadata }

    public var record: [UInt8] {
        var c = MCAPBytes(); c.string(name); c.stringMap(metadata)
        return MCAPRecordBytes.make(.metadata, c)
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        name = try r.string(); metadata = try r.stringMap()
    }
}

public struct MCAPMetadataIndex: Equatable, Sendable {
    public var offset: UInt64
    public var length: UInt64
    public var name: String

    public var record: [UInt8] {
        var c = MCAPBytes(); c.u64(offset); c.u64(length); c.string(name)
        return MCAPRecordBytes.make(.metadataIndex, c)
    }
}

public struct MCAPSummaryOffset: Equatable, Sendable {
    public var groupOpcode: UInt8
    public var groupStart: UInt64
    public var groupLength: UInt64

    public var record: [UInt8] {
        var c = MCAPBytes(); c.u8(groupOpcode); c.u64(groupStart); c.u64(groupLength)
        return MCAPRecordBytes.make(.summaryOffset, c)
    }
}

public struct MCAPFooter: Equatable, Sendable {
    /// 0: no summary section; 0: no summary offset section.
    public var summaryStart: UInt64
    public var summaryOffsetStart: UInt64
    /// CRC-32 from the summary's first byte through `summaryOffsetStart` of this record (0: not checked).
    public var summaryCRC: UInt32

    /// The record up to, not including, the CRC: what the CRC covers last.
    var recordBeforeCRC: [UInt8] {
        var c = MCAPBytes()
        c.u8(MCAPOpcode.footer.rawValue); c.u64(20); c.u64(summaryStart); c.u64(summaryOffsetStart)
        return c.bytes
    }

    public var record: [UInt8] {
        var c = MCAPBytes(bytes: recordBeforeCRC); c.u32(summaryCRC)
        return c.bytes
    }

    init(summaryStart: UInt64, summaryOffsetStart: UInt64, summaryCRC: UInt32) {
        self.summaryStart = summaryStart; self.summaryOffsetStart = summaryOffsetStart; self.summaryCRC = summaryCRC
    }

    init(content: ArraySlice<UInt8>) throws(MCAPError) {
        var r = MCAPCursor(content)
        summaryStart = try r.u64(); summaryOffsetStart = try r.u64(); summaryCRC = try r.u32()
    }
}

enum MCAPRecordBytes {
    static func make(_ opcode: MCAPOpcode, _ content: MCAPBytes) -> [UInt8] {
        var r = MCAPBytes()
        r.record(opcode, content.bytes)
        return r.bytes
    }

    /// Data End: the data section's CRC (0: not computed).
    static func dataEnd(crc: UInt32) -> [UInt8] {
        var c = MCAPBytes(); c.u32(crc)
        return make(.dataEnd, c)
    }
}
