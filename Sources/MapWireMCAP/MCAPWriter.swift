/// Writes an MCAP file as a step machine: each call appends the file's next bytes to `output`, which the
/// caller takes and writes (no file handle in here, so tests read the bytes directly).
///
/// Layout: magic, Header, then chunks (each Chunk record followed by its Message Index records, one per
/// channel), Metadata records between chunks, Data End, the summary (Schema, Channel, Statistics,
/// Chunk Index, Metadata Index groups), one Summary Offset per group, Footer, magic. A Schema or Channel
/// goes into the chunk of its first message, so every whole chunk on disk can be read on its own: a
/// recording killed before `finish` is readable up to its last whole chunk.
public struct MCAPWriter {
    public let compression: MCAPCompression
    /// Uncompressed bytes at which a chunk is closed.
    public let chunkSize: Int
    /// Bytes produced and not yet taken.
    public private(set) var output: [UInt8] = []
    /// Bytes already taken: `output` starts at this file offset.
    private var taken: UInt64 = 0

    private var chunk: [UInt8] = []
    private var chunkStartTime = UInt64.max
    private var chunkEndTime: UInt64 = 0
    private var chunkIndexEntries: [UInt16: [(logTime: UInt64, offset: UInt64)]] = [:]
    /// Metadata waits for the open chunk to close (Metadata records may not be inside a chunk).
    private var waitingMetadata: [MCAPMetadata] = []

    private var schemas: [MCAPSchema] = []
    private var channels: [MCAPChannel] = []
    private var chunkIndexes: [MCAPChunkIndex] = []
    private var metadataIndexes: [MCAPMetadataIndex] = []
    public private(set) var statistics = MCAPStatistics()
    public private(set) var isFinished = false

    public init(library: String, profile: String = "", compression: MCAPCompression = .zstd, chunkSize: Int = 1 << 20) throws(MCAPError) {
        guard compression.isAvailable else { throw .unsupportedCompression(compression.rawValue) }
        self.compression = compression
        self.chunkSize = max(1, chunkSize)
        output = MCAPMagic.bytes + MCAPHeader(profile: profile, library: library).record
    }

    /// Hands over the bytes produced so far.
    public mutating func takeOutput() -> [UInt8] {
        defer { taken += UInt64(output.count); output = [] }
        return output
    }

    /// The file offset of the next byte produced.
    private var position: UInt64 { taken + UInt64(output.count) }

    /// Whether a chunk is open with records in it.
    public var hasOpenChunk: Bool { !chunk.isEmpty }

    /// Registers a schema (written into the open chunk and the summary); returns its id (from 1).
    public mutating func addSchema(name: String, encoding: String, data: [UInt8]) -> UInt16 {
        let schema = MCAPSchema(id: UInt16(schemas.count + 1), name: name, encoding: encoding, data: data)
        schemas.append(schema)
        statistics.schemaCount += 1
        chunk += schema.record
        return schema.id
    }

    /// Registers a channel (written into the open chunk and the summary); returns its id (from 0).
    public mutating func addChannel(topic: String, schemaID: UInt16, messageEncoding: String, metadata: [String: String] = [:]) -> UInt16 {
        let channel = MCAPChannel(id: UInt16(channels.count), schemaID: schemaID, topic: topic, messageEncoding: messageEncoding, metadata: metadata)
        channels.append(channel)
        statistics.channelCount += 1
        statistics.channelMessageCounts[channel.id] = 0
        chunk += channel.record
        return channel.id
    }

    public mutating func write(_ message: MCAPMessage) throws(MCAPError) {
        chunkIndexEntries[message.channelID, default: []].append((message.logTime, UInt64(chunk.count)))
        message.append(to: &chunk)
        chunkStartTime = min(chunkStartTime, message.logTime)
        chunkEndTime = max(chunkEndTime, message.logTime)
        if statistics.messageCount == 0 { statistics.messageStartTime = message.logTime }
        statistics.messageStartTime = min(statistics.messageStartTime, message.logTime)
        statistics.messageEndTime = max(statistics.messageEndTime, message.logTime)
        statistics.messageCount += 1
        statistics.channelMessageCounts[message.channelID, default: 0] += 1
        if chunk.count >= chunkSize { try closeChunk() }
    }

    /// Queues a Metadata record: written as soon as the open chunk closes (at once if none is open).
    public mutating func addMetadata(_ metadata: MCAPMetadata) {
        waitingMetadata.append(metadata)
        if chunk.isEmpty { writeWaitingMetadata() }
    }

    /// Closes the open chunk (if any) and writes it with its message indexes, then waiting metadata.
    public mutating func closeChunk() throws(MCAPError) {
        defer { writeWaitingMetadata() }
        guard !chunk.isEmpty else { return }
        let compressed = try compression.compress(chunk)
        let record = MCAPChunk(
            messageStartTime: chunkStartTime == .max ? 0 : chunkStartTime, messageEndTime: chunkEndTime,
            uncompressedSize: UInt64(chunk.count), uncompressedCRC: CRC32.of(chunk),
            compression: compression.recordName, records: compressed).record
        let chunkStart = position
        output += record
        let indexStart = position
        var offsets: [UInt16: UInt64] = [:]
        for id in chunkIndexEntries.keys.sorted() {
            offsets[id] = position
            output += MCAPMessageIndex(channelID: id, entries: chunkIndexEntries[id] ?? []).record
        }
        chunkIndexes.append(MCAPChunkIndex(
            messageStartTime: chunkStartTime == .max ? 0 : chunkStartTime, messageEndTime: chunkEndTime,
            chunkStartOffset: chunkStart, chunkLength: UInt64(record.count), messageIndexOffsets: offsets,
            messageIndexLength: position - indexStart, compression: compression.recordName,
            compressedSize: UInt64(compressed.count), uncompressedSize: UInt64(chunk.count)))
        statistics.chunkCount += 1
        chunk.removeAll(keepingCapacity: true)
        chunkIndexEntries.removeAll(keepingCapacity: true)
        chunkStartTime = .max
        chunkEndTime = 0
    }

    private mutating func writeWaitingMetadata() {
        for metadata in waitingMetadata {
            let record = metadata.record
            metadataIndexes.append(MCAPMetadataIndex(offset: position, length: UInt64(record.count), name: metadata.name))
            output += record
            statistics.metadataCount += 1
        }
        waitingMetadata.removeAll()
    }

    /// Closes the last chunk and writes Data End, the summary, the summary offsets, the footer and the magic.
    public mutating func finish() throws(MCAPError) {
        guard !isFinished else { return }
        try closeChunk()
        output += MCAPRecordBytes.dataEnd(crc: 0)
        let summaryStart = position
        var summary: [UInt8] = []
        var groups: [MCAPSummaryOffset] = []
        func group(_ opcode: MCAPOpcode, _ records: [[UInt8]]) {
            guard !records.isEmpty else { return }
            let start = summaryStart + UInt64(summary.count)
            for r in records { summary += r }
            groups.append(MCAPSummaryOffset(groupOpcode: opcode.rawValue, groupStart: start,
                                            groupLength: summaryStart + UInt64(summary.count) - start))
        }
        group(.schema, schemas.map(\.record))
        group(.channel, channels.map(\.record))
        group(.statistics, [statistics.record])
        group(.chunkIndex, chunkIndexes.map(\.record))
        group(.metadataIndex, metadataIndexes.map(\.record))
        let summaryOffsetStart = summaryStart + UInt64(summary.count)
        for g in groups { summary += g.record }
        var footer = MCAPFooter(summaryStart: summaryStart, summaryOffsetStart: summaryOffsetStart, summaryCRC: 0)
        footer.summaryCRC = CRC32.of(footer.recordBeforeCRC, continuing: CRC32.of(summary))
        output += summary
        output += footer.record
        output += MCAPMagic.bytes
        isFinished = true
    }
}
