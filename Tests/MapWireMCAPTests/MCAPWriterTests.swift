import Testing
@testable import MapWireMCAP

/// The writer's file structure, read back with MapWire's own reader (the Python `mcap` reader checks
/// the same files in Tests/Scripts/recording).
struct MCAPWriterTests {
    func sample(_ compression: MCAPCompression, chunkSize: Int = 1 << 20, finish: Bool = true) throws -> [UInt8] {
        var w = try MCAPWriter(library: "test", compression: compression, chunkSize: chunkSize)
        var file = w.takeOutput()
        let schema = w.addSchema(name: "mapwire.v1.MapIdle", encoding: "protobuf", data: [9, 9])
        let a = w.addChannel(topic: "map-idle", schemaID: schema, messageEncoding: "protobuf")
        let b = w.addChannel(topic: "camera-changed", schemaID: schema, messageEncoding: "protobuf")
        for i in 0..<10 {
            try w.write(MCAPMessage(channelID: i % 2 == 0 ? a : b, sequence: UInt32(i + 1), logTime: UInt64(100 + i),
                                    publishTime: UInt64(50 + i), data: [UInt8](repeating: UInt8(i), count: 40)))
            if i == 4 { w.addMetadata(MCAPMetadata(name: "gap", metadata: ["missed": "2"])) }
            file += w.takeOutput()
        }
        if finish { try w.finish() } else { try w.closeChunk() }
        return file + w.takeOutput()
    }

    @Test(arguments: [MCAPCompression.none, .zstd])
    func aFinishedFileHasEveryMessageAndItsSummary(_ compression: MCAPCompression) throws {
        let bytes = try sample(compression, chunkSize: 200)
        #expect(Array(bytes.suffix(8)) == MCAPMagic.bytes)
        let contents = try MCAPReader.read(bytes)
        #expect(!contents.truncated)
        #expect(contents.messages.map(\.sequence) == Array(1...10))
        #expect(contents.messages[3].data == [UInt8](repeating: 3, count: 40))
        #expect(contents.channels.count == 2 && contents.schemas.count == 1)
        #expect(contents.metadata == [MCAPMetadata(name: "gap", metadata: ["missed": "2"])])
        #expect(contents.chunkCount > 1)
        let stats = try #require(contents.statistics)
        #expect(stats.messageCount == 10 && stats.channelMessageCounts == [0: 5, 1: 5])
        #expect(stats.messageStartTime == 100 && stats.messageEndTime == 109)
        #expect(stats.chunkCount == UInt32(contents.chunkCount) && stats.metadataCount == 1)
    }

    @Test func chunkIndexesPointAtTheirChunksAndMessageIndexes() throws {
        let bytes = try sample(.zstd, chunkSize: 200)
        let (records, _) = try MCAPReader.records(bytes)
        let chunks = records.filter { $0.opcode == MCAPOpcode.chunk.rawValue }
        let indexes = try records.filter { $0.opcode == MCAPOpcode.chunkIndex.rawValue }.map { try MCAPChunkIndex(content: $0.content) }
        #expect(indexes.map { Int($0.chunkStartOffset) } == chunks.map(\.offset))
        for index in indexes {
            for (channel, offset) in index.messageIndexOffsets {
                let record = try #require(records.first { $0.offset == Int(offset) })
                #expect(record.opcode == MCAPOpcode.messageIndex.rawValue)
                #expect(try MCAPMessageIndex(content: record.content).channelID == channel)
            }
        }
    }

    @Test func theFooterCRCCoversTheSummary() throws {
        let bytes = try sample(.none)
        let footerAt = bytes.count - 8 - 29
        let footer = try MCAPFooter(content: bytes[footerAt + 9..<footerAt + 29])
        let covered = bytes[Int(footer.summaryStart)..<footerAt + 1 + 8 + 16]
        #expect(CRC32.of(covered) == footer.summaryCRC)
    }

    @Test func aFileCutAnywhereReadsUpToItsLastWholeChunk() throws {
        let whole = try sample(.zstd, chunkSize: 200, finish: false)
        let full = try MCAPReader.read(whole)
        #expect(full.truncated && full.messages.count == 10)
        for cut in stride(from: 20, to: whole.count, by: 37) {
            let part = try MCAPReader.read(Array(whole.prefix(cut)))
            #expect(part.truncated)
            #expect(part.messages.map(\.sequence) == Array(full.messages.prefix(part.messages.count).map(\.sequence)))
        }
    }

    @Test func notMCAPIsRefused() {
        #expect(throws: MCAPError.notMCAP) { try MCAPReader.read(Array("hello, world".utf8)) }
    }

    @Test func lz4IsRefusedClearly() {
        #expect(throws: MCAPError.unsupportedCompression("lz4")) { try MCAPWriter(library: "t", compression: .lz4) }
    }
}

/// A file that lies about its chunks' sizes is refused before anything is allocated for them.
struct MCAPReaderBoundsTests {
    /// A file whose one chunk claims `claimed` bytes uncompressed (its records are a few real bytes).
    func fileClaiming(_ claimed: UInt64, compression: String) throws -> [UInt8] {
        var w = try MCAPWriter(library: "test", compression: .none)
        let head = w.takeOutput()
        let records = try MCAPCompression.zstd.compress([UInt8](repeating: 0, count: 100))
        let chunk = MCAPChunk(messageStartTime: 0, messageEndTime: 0, uncompressedSize: claimed, uncompressedCRC: 0,
                              compression: compression, records: records)
        return head + chunk.record
    }

    @Test func aChunkClaimingTenGiBFailsCleanly() throws {
        let bytes = try fileClaiming(10 << 30, compression: "zstd")
        #expect(bytes.count < 1000)
        #expect {
            _ = try MCAPReader.read(bytes)
        } throws: { error in
            guard case MCAPError.malformed(let why) = error else { return false }
            return why.contains("claims 10737418240 bytes uncompressed")
        }
    }

    @Test func theBudgetFollowsTheFilesRealSize() {
        #expect(MCAPReader.decompressionBudget(fileBytes: 100) == MCAPReader.minimumDecompressionBudget)
        #expect(MCAPReader.decompressionBudget(fileBytes: 1 << 30) == UInt64(1 << 30) * 256)
    }

    @Test func aChunkWithinTheBudgetThatLiesAboutItsSizeStillFails() throws {
        let bytes = try fileClaiming(1 << 20, compression: "zstd")
        #expect(throws: MCAPError.self) { _ = try MCAPReader.read(bytes) }
    }
}
