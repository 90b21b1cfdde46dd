import MapWireMCAP
import MapWireRecording

/// A recording's events ready to publish again: each message's topic, Envelope field and payload, in
/// file order, with the map id of the recorded core.
struct RecordedEvents {
    struct Event {
        var topic: String
        var field: Int
        var sequence: UInt64
        var publishTime: UInt64
        var payload: [UInt8]
    }

    var events: [Event] = []
    var mapID = "replay"
    /// Channels left out: not protobuf, or a topic this build's protocol does not know.
    var skippedTopics: Set<String> = []

    init(_ contents: MCAPReader.Contents, schemas: ProtocolSchemas = .shared) {
        if let start = contents.metadata.first(where: { $0.name == "core-start" }), let id = start.metadata["map_id"], !id.isEmpty { mapID = id }
        var fields: [UInt16: Int] = [:]
        for (id, channel) in contents.channels {
            // The field the recorder noted, or the topic's field in this build's protocol.
            if channel.messageEncoding == "protobuf",
               let field = channel.metadata["envelope_field"].flatMap(Int.init) ?? schemas.payloadsByTopic[channel.topic]?.field,
               (16..<100).contains(field) {
                fields[id] = field
            } else {
                skippedTopics.insert(channel.topic)
            }
        }
        for message in contents.messages {
            guard let field = fields[message.channelID], let channel = contents.channels[message.channelID] else { continue }
            events.append(Event(topic: channel.topic, field: field, sequence: UInt64(message.sequence),
                                publishTime: message.publishTime, payload: message.data))
        }
    }
}
