import Foundation
import MapWireProtocol
import SwiftProtobuf

/// What a recording needs to know of the protocol, read from the descriptor sets Protocol/generate
/// embeds (nothing here is a hand-kept list): each event payload's Envelope field number, topic and
/// protobuf message name, and the FileDescriptorSet bytes that go into the MCAP Schema records.
public struct ProtocolSchemas: Sendable {
    public struct Payload: Sendable, Equatable {
        /// The Envelope field number of the payload (16...99 for events).
        public let field: Int
        /// The topic: the field's name in kebab case.
        public let topic: String
        /// The fully qualified protobuf message name, e.g. mapwire.v1.MapIdle.
        public let messageName: String
    }

    /// The FileDescriptorSet of events.proto with its imports: every event payload's schema data.
    public let eventsDescriptorSet: [UInt8]
    /// Every file of the protocol: the schema data of the command channels (mapwire.v1.ControlMessage).
    public let allDescriptorSet: [UInt8]
    /// Event payloads by Envelope field number (bus messages, 100 and up, are left out).
    public let payloadsByField: [Int: Payload]
    /// The command tap's bus messages (ControlTraffic payloads) by field number: "command", "command-reply".
    public let commandTopicsByField: [Int: String]
    public static let controlMessageName = "mapwire.v1.ControlMessage"
    public let payloadsByTopic: [String: Payload]

    public static let shared = ProtocolSchemas()

    init() {
        // The constants are generated from the .proto files the build compiled: they always decode.
        eventsDescriptorSet = Array(Data(base64Encoded: ProtocolDescriptorSets.eventsBase64) ?? Data())
        allDescriptorSet = Array(Data(base64Encoded: ProtocolDescriptorSets.allBase64) ?? Data())
        let all = (try? Google_Protobuf_FileDescriptorSet(serializedBytes: allDescriptorSet)) ?? Google_Protobuf_FileDescriptorSet()
        var byField: [Int: Payload] = [:]
        var commands: [Int: String] = [:]
        for file in all.file {
            for message in file.messageType where message.name == "Envelope" {
                guard let oneof = message.oneofDecl.firstIndex(where: { $0.name == "payload" }) else { continue }
                for field in message.field where field.hasOneofIndex && Int(field.oneofIndex) == oneof && field.number >= 100
                    && field.typeName == ".mapwire.v1.ControlTraffic" {
                    commands[Int(field.number)] = field.name.replacingOccurrences(of: "_", with: "-")
                }
                for field in message.field where field.hasOneofIndex && Int(field.oneofIndex) == oneof && field.number < 100 {
                    let name = field.typeName.hasPrefix(".") ? String(field.typeName.dropFirst()) : field.typeName
                    byField[Int(field.number)] = Payload(field: Int(field.number), topic: field.name.replacingOccurrences(of: "_", with: "-"), messageName: name)
                }
            }
        }
        payloadsByField = byField
        commandTopicsByField = commands
        payloadsByTopic = Dictionary(byField.values.map { ($0.topic, $0) }, uniquingKeysWith: { a, _ in a })
    }
}
