import MapWireMCAP
import MapWireProtocol
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

    /// A recorded command (`record --commands`) and the reply the core gave it then.
    struct Command {
        var publishTime: UInt64
        var message: Mapwire_V1_ControlMessage
        var recordedReply: Mapwire_V1_CommandReply?
    }

    var events: [Event] = []
    var commands: [Command] = []
    var mapID = "replay"
    /// Channels left out: not protobuf, or a topic this build's protocol does not know.
    var skippedTopics: Set<String> = []

    init(_ contents: MCAPReader.Contents, schemas: ProtocolSchemas = .shared) {
        if let start = contents.metadata.first(where: { $0.name == "core-start" }), let id = start.metadata["map_id"], !id.isEmpty { mapID = id }
        var fields: [UInt16: Int] = [:]
        var commandChannels: [UInt16: String] = [:]
        let commandTopics = Set(schemas.commandTopicsByField.values)
        for (id, channel) in contents.channels {
            if commandTopics.contains(channel.topic), contents.schemas[channel.schemaID]?.name == ProtocolSchemas.controlMessageName {
                commandChannels[id] = channel.topic
                continue
            }
            // The field the recorder noted, or the topic's field in this build's protocol.
            if channel.messageEncoding == "protobuf",
               let field = channel.metadata["envelope_field"].flatMap(Int.init) ?? schemas.payloadsByTopic[channel.topic]?.field,
               (16..<100).contains(field) {
                fields[id] = field
            } else {
                skippedTopics.insert(channel.topic)
            }
        }
        var replies: [UInt64: Mapwire_V1_CommandReply] = [:]
        for message in contents.messages {
            guard let topic = commandChannels[message.channelID], let control = try? Mapwire_V1_ControlMessage(serializedBytes: message.data) else { continue }
            switch control.body {
            case .command: if topic == "command" { commands.append(Command(publishTime: message.publishTime, message: control)) }
            case .commandReply(let reply): replies[reply.id] = reply
            default: break
            }
        }
        for i in commands.indices { commands[i].recordedReply = replies[commands[i].message.command.id] }
        for message in contents.messages {
            guard let field = fields[message.channelID], let channel = contents.channels[message.channelID] else { continue }
            events.append(Event(topic: channel.topic, field: field, sequence: UInt64(message.sequence),
                                publishTime: message.publishTime, payload: message.data))
        }
    }
}
