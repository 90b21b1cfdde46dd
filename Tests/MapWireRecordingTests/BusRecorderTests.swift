import MapWireMCAP
import Testing
@testable import MapWireRecording

/// The recorder's records: schemas and channels from the protocol's descriptors, gaps and core starts
/// as metadata. No sockets: envelopes in, bytes out.
struct BusRecorderTests {
    func envelope(_ field: Int, seq: UInt64, epoch: UInt64 = 7, payload: [UInt8] = []) -> RawEnvelope {
        var e = RawEnvelope()
        e.protocolVersion = 1; e.epoch = epoch; e.sequence = seq; e.mapID = "main"
        e.beginUnixNanos = Int64(1_000 + seq); e.endUnixNanos = e.beginUnixNanos
        e.payloadField = field; e.payload = payload
        return e
    }

    @Test func theProtocolTableComesFromTheDescriptors() {
        let schemas = ProtocolSchemas.shared
        #expect(schemas.payloadsByField[18] == .init(field: 18, topic: "map-idle", messageName: "mapwire.v1.MapIdle"))
        #expect(schemas.payloadsByTopic["resource-request"]?.messageName == "mapwire.v1.ResourceRequest")
        #expect(schemas.payloadsByField[100] == nil, "bus messages are not recorded")
        #expect(schemas.eventsDescriptorSet.count > 1000)
    }

    @Test func oneChannelPerTopicOneSchemaPerTypeAndGapsAsMetadata() throws {
        var recorder = try BusRecorder(compression: .zstd, countsGaps: true)
        try recorder.record(envelope(18, seq: 1), receivedUnixNanos: 5_000)
        try recorder.record(envelope(24, seq: 2, payload: [0x0A, 1, 0x61]), receivedUnixNanos: 5_001)
        try recorder.record(envelope(18, seq: 5), receivedUnixNanos: 5_002)
        try recorder.record(envelope(999, seq: 6), receivedUnixNanos: 5_003)
        try recorder.record(envelope(18, seq: 1, epoch: 8), receivedUnixNanos: 5_004)
        try recorder.finish()
        let contents = try MCAPReader.read(recorder.takeOutput())
        #expect(!contents.truncated)
        #expect(Set(contents.channels.values.map(\.topic)) == ["map-idle", "source-added"])
        #expect(Set(contents.schemas.values.map(\.name)) == ["mapwire.v1.MapIdle", "mapwire.v1.SourceAdded"])
        #expect(contents.schemas.values.allSatisfy { $0.encoding == "protobuf" && $0.data == ProtocolSchemas.shared.eventsDescriptorSet })
        #expect(contents.messages.map(\.sequence) == [1, 2, 5, 1])
        #expect(contents.messages.map(\.publishTime) == [1_001, 1_002, 1_005, 1_001])
        #expect(contents.messages.map(\.logTime) == [5_000, 5_001, 5_002, 5_004])
        #expect(contents.messages[1].data == [0x0A, 1, 0x61])
        let gaps = contents.metadata.filter { $0.name == "gap" }
        #expect(gaps.map(\.metadata) == [["epoch": "7", "missed": "2", "after_sequence": "2", "before_sequence": "5"]])
        #expect(contents.metadata.filter { $0.name == "core-start" }.map { $0.metadata["epoch"] } == ["7", "8"])
        #expect(recorder.recorded == 4 && recorder.missed == 2 && recorder.unknown == 1)
    }

    @Test func eventsPublishedBeforeTheEndThatNeverArrivedAreMissed() throws {
        var recorder = try BusRecorder(compression: .none, countsGaps: true)
        try recorder.record(envelope(18, seq: 1), receivedUnixNanos: 1)
        try recorder.record(envelope(18, seq: 2), receivedUnixNanos: 2)
        #expect(recorder.missedAtTheEnd(epoch: 8, lastPublished: 10) == 0, "another core's count says nothing")
        #expect(recorder.missedAtTheEnd(epoch: 7, lastPublished: 2) == 0)
        #expect(recorder.missedAtTheEnd(epoch: 7, lastPublished: 5) == 3)
        try recorder.finish()
        #expect(recorder.missed == 3)
        let gaps = try MCAPReader.read(recorder.takeOutput()).metadata.filter { $0.name == "gap" }
        #expect(gaps.map(\.metadata) == [["epoch": "7", "missed": "3", "after_sequence": "2", "before_sequence": "6"]])
    }

    @Test func withAFilterTheEndIsNotCounted() throws {
        var recorder = try BusRecorder(compression: .none, countsGaps: false)
        try recorder.record(envelope(18, seq: 1), receivedUnixNanos: 1)
        #expect(recorder.missedAtTheEnd(epoch: 7, lastPublished: 9) == 0)
    }

    @Test func withAFilterJumpsAreNotGaps() throws {
        var recorder = try BusRecorder(compression: .none, countsGaps: false)
        try recorder.record(envelope(18, seq: 1), receivedUnixNanos: 1)
        try recorder.record(envelope(18, seq: 9), receivedUnixNanos: 2)
        try recorder.finish()
        #expect(try MCAPReader.read(recorder.takeOutput()).metadata.allSatisfy { $0.name != "gap" })
    }
}

/// Command traffic (--commands): ControlMessage channels, no gaps, left out unless asked for.
struct BusRecorderCommandTests {
    func traffic(_ field: Int, seq: UInt64, message: [UInt8]) -> RawEnvelope {
        var e = RawEnvelope()
        e.epoch = 7; e.sequence = seq; e.payloadField = field
        e.payload = [0x0A, UInt8(message.count)] + message
        return e
    }

    @Test func commandsGoToControlMessageChannels() throws {
        var recorder = try BusRecorder(compression: .none, countsGaps: true, recordsCommands: true)
        var event = RawEnvelope()
        event.epoch = 7; event.sequence = 4; event.payloadField = 18
        try recorder.record(event, receivedUnixNanos: 1)
        try recorder.record(traffic(101, seq: 4, message: [1, 2]), receivedUnixNanos: 2)
        try recorder.record(traffic(102, seq: 4, message: [3]), receivedUnixNanos: 3)
        try recorder.finish()
        let contents = try MCAPReader.read(recorder.takeOutput())
        let topics = contents.messages.map { contents.channels[$0.channelID]?.topic }
        #expect(topics == ["map-idle", "command", "command-reply"])
        #expect(contents.messages.map(\.data) == [[], [1, 2], [3]])
        let schemas = contents.channels.values.filter { $0.topic.hasPrefix("command") }.map { contents.schemas[$0.schemaID]?.name }
        #expect(schemas == ["mapwire.v1.ControlMessage", "mapwire.v1.ControlMessage"])
        #expect(recorder.commands == 2 && recorder.missed == 0)
    }

    @Test func withoutCommandsTheyAreLeftOut() throws {
        var recorder = try BusRecorder(compression: .none, countsGaps: true)
        try recorder.record(traffic(101, seq: 4, message: [1, 2]), receivedUnixNanos: 2)
        try recorder.finish()
        #expect(try MCAPReader.read(recorder.takeOutput()).messages.isEmpty)
    }
}
