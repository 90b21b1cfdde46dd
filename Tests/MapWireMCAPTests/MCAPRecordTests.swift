import Testing
@testable import MapWireMCAP

/// The records byte for byte as the MCAP specification lays them out (little endian, uint32-prefixed
/// strings and maps, uint64 record lengths).
struct MCAPRecordTests {
    @Test func headerIsOpcodeLengthAndTwoPrefixedStrings() {
        let bytes = MCAPHeader(profile: "", library: "mw").record
        #expect(bytes == [0x01, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0x6D, 0x77])
    }

    @Test func messageRecordLaysOutItsFieldsInOrder() {
        let m = MCAPMessage(channelID: 0x0102, sequence: 7, logTime: 0x1122, publishTime: 0x33, data: [0xAA, 0xBB])
        let bytes = m.record
        #expect(bytes.count == 1 + 8 + 2 + 4 + 8 + 8 + 2)
        #expect(bytes[0] == 0x05)
        #expect(Array(bytes[1..<9]) == [24, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[9..<11]) == [0x02, 0x01])
        #expect(Array(bytes[11..<15]) == [7, 0, 0, 0])
        #expect(Array(bytes[15..<23]) == [0x22, 0x11, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[23..<31]) == [0x33, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[31...]) == [0xAA, 0xBB])
    }

    @Test func channelMetadataIsAByteLengthPrefixedMapInKeyOrder() throws {
        let c = MCAPChannel(id: 3, schemaID: 1, topic: "map-idle", messageEncoding: "protobuf", metadata: ["b": "2", "a": "1"])
        let bytes = c.record
        let content = bytes[9...]
        let back = try MCAPChannel(content: content)
        #expect(back == c)
        // The map: uint32 byte length 20, then "a"→"1", "b"→"2" as prefixed strings.
        let mapStart = 9 + 2 + 2 + (4 + 8) + (4 + 8)
        #expect(Array(bytes[mapStart..<mapStart + 4]) == [20, 0, 0, 0])
        #expect(Array(bytes[mapStart + 4..<mapStart + 9]) == [1, 0, 0, 0, 0x61])
    }

    @Test func footerIsTwentyBytesOfContent() {
        let f = MCAPFooter(summaryStart: 1, summaryOffsetStart: 2, summaryCRC: 3).record
        #expect(f.count == 29)
        #expect(f[0] == 0x02 && f[1] == 20)
        #expect(Array(f[25...]) == [3, 0, 0, 0])
    }

    @Test func recordsReadBackAsWritten() throws {
        let schema = MCAPSchema(id: 1, name: "mapwire.v1.MapIdle", encoding: "protobuf", data: [1, 2, 3])
        #expect(try MCAPSchema(content: schema.record[9...]) == schema)
        var stats = MCAPStatistics()
        stats.messageCount = 5; stats.channelMessageCounts = [0: 2, 4: 3]; stats.chunkCount = 1
        #expect(try MCAPStatistics(content: stats.record[9...]) == stats)
        let meta = MCAPMetadata(name: "gap", metadata: ["missed": "3"])
        #expect(try MCAPMetadata(content: meta.record[9...]) == meta)
        let index = MCAPChunkIndex(messageStartTime: 1, messageEndTime: 2, chunkStartOffset: 3, chunkLength: 4,
                                   messageIndexOffsets: [0: 5, 1: 6], messageIndexLength: 7, compression: "zstd",
                                   compressedSize: 8, uncompressedSize: 9)
        #expect(try MCAPChunkIndex(content: index.record[9...]) == index)
    }

    @Test func aTruncatedRecordThrowsInsteadOfReadingPastTheEnd() {
        let bytes = MCAPSchema(id: 1, name: "x", encoding: "protobuf", data: [1, 2, 3]).record
        #expect(throws: MCAPError.self) { try MCAPSchema(content: bytes[9..<bytes.count - 1]) }
    }
}
