import MapWireMCAP

/// Turns received envelopes into MCAP records (a step function: envelopes and receive times in, file
/// bytes out through `takeOutput`). One Schema per payload message type, one Channel per topic, one
/// Message per event: the payload bytes as published, the envelope's sequence and begin time as the
/// sequence and publish time, the receive time as the log time. A core (re)start and every gap in the
/// sequence become Metadata records ("core-start", "gap").
public struct BusRecorder {
    public static let profile = ""
    public static let library = "mapwire record"

    private var writer: MCAPWriter
    private let schemas: ProtocolSchemas
    /// Whether every topic is recorded: only then is a jump in the sequence a gap.
    private let countsGaps: Bool
    /// Whether the command tap's messages (topics "command", "command-reply") are recorded.
    private let recordsCommands: Bool
    private var channels: [Int: UInt16] = [:]
    private var schemaIDs: [String: UInt16] = [:]
    private var epoch: UInt64?
    private var lastSequence: UInt64?

    public private(set) var recorded: UInt64 = 0
    public private(set) var missed: UInt64 = 0
    /// Envelopes with a payload this build's protocol does not know (a newer core), left out.
    public private(set) var unknown: UInt64 = 0
    /// Commands and replies recorded (--commands).
    public private(set) var commands: UInt64 = 0

    public init(compression: MCAPCompression, chunkSize: Int = 1 << 20, countsGaps: Bool, recordsCommands: Bool = false,
                schemas: ProtocolSchemas = .shared) throws(MCAPError) {
        self.recordsCommands = recordsCommands
        writer = try MCAPWriter(library: Self.library, profile: Self.profile, compression: compression, chunkSize: chunkSize)
        self.schemas = schemas
        self.countsGaps = countsGaps
    }

    public mutating func takeOutput() -> [UInt8] { writer.takeOutput() }
    public var statistics: MCAPStatistics { writer.statistics }
    public var hasOpenChunk: Bool { writer.hasOpenChunk }

    public mutating func record(_ envelope: RawEnvelope, receivedUnixNanos: Int64) throws(MCAPError) {
        if let topic = schemas.commandTopicsByField[envelope.payloadField] {
            // Command traffic takes no sequence number: no gap, no event.
            guard recordsCommands else { return }
            return try recordCommand(envelope, topic: topic, receivedUnixNanos: receivedUnixNanos)
        }
        if envelope.epoch != epoch {
            epoch = envelope.epoch
            lastSequence = nil
            writer.addMetadata(MCAPMetadata(name: "core-start", metadata: [
                "epoch": String(envelope.epoch, radix: 16), "map_id": envelope.mapID,
                "protocol_version": String(envelope.protocolVersion), "first_sequence": String(envelope.sequence),
            ]))
        }
        if countsGaps, let last = lastSequence, envelope.sequence > last + 1 {
            let count = envelope.sequence - last - 1
            missed += count
            writer.addMetadata(MCAPMetadata(name: "gap", metadata: [
                "epoch": String(envelope.epoch, radix: 16), "missed": String(count),
                "after_sequence": String(last), "before_sequence": String(envelope.sequence),
            ]))
        }
        lastSequence = envelope.sequence
        guard let channel = channel(for: envelope.payloadField) else {
            unknown += 1
            return
        }
        try writer.write(MCAPMessage(
            channelID: channel, sequence: UInt32(truncatingIfNeeded: envelope.sequence),
            logTime: UInt64(clamping: receivedUnixNanos), publishTime: UInt64(clamping: envelope.beginUnixNanos),
            data: envelope.payload))
        recorded += 1
    }

    /// A command or a reply: its ControlMessage bytes (ControlTraffic field 1), on a channel of its own.
    private mutating func recordCommand(_ envelope: RawEnvelope, topic: String, receivedUnixNanos: Int64) throws(MCAPError) {
        guard let message = ControlTrafficBytes.controlMessage(in: envelope.payload) else {
            unknown += 1
            return
        }
        let channel = channels[envelope.payloadField] ?? {
            let schema = schemaIDs[ProtocolSchemas.controlMessageName] ?? {
                let id = writer.addSchema(name: ProtocolSchemas.controlMessageName, encoding: "protobuf", data: schemas.allDescriptorSet)
                schemaIDs[ProtocolSchemas.controlMessageName] = id
                return id
            }()
            let id = writer.addChannel(topic: topic, schemaID: schema, messageEncoding: "protobuf",
                                       metadata: ["envelope_field": String(envelope.payloadField)])
            channels[envelope.payloadField] = id
            return id
        }()
        try writer.write(MCAPMessage(
            channelID: channel, sequence: UInt32(truncatingIfNeeded: envelope.sequence),
            logTime: UInt64(clamping: receivedUnixNanos), publishTime: UInt64(clamping: envelope.beginUnixNanos), data: message))
        commands += 1
    }

    /// The core's epoch and the sequence of the last event recorded (nil before the first).
    public var lastRecorded: (epoch: UInt64, sequence: UInt64)? {
        guard let epoch, let lastSequence else { return nil }
        return (epoch, lastSequence)
    }

    /// The core had published up to `sequence` (its `Pong.last_sequence`) when the recording stopped,
    /// and what came after the last event recorded never arrived: counted as missed, with a "gap" record
    /// (`after_sequence` the last recorded, `before_sequence` one past the core's last). Only when every
    /// topic is recorded and the epoch is still the core's; returns how many were added.
    @discardableResult
    public mutating func missedAtTheEnd(epoch: UInt64, lastPublished sequence: UInt64) -> UInt64 {
        guard countsGaps, let last = lastRecorded, last.epoch == epoch, sequence > last.sequence else { return 0 }
        let count = sequence - last.sequence
        missed += count
        writer.addMetadata(MCAPMetadata(name: "gap", metadata: [
            "epoch": String(epoch, radix: 16), "missed": String(count),
            "after_sequence": String(last.sequence), "before_sequence": String(sequence + 1),
        ]))
        lastSequence = sequence
        return count
    }

    /// Adds a Metadata record of the caller's (e.g. why the recording stopped).
    public mutating func note(_ name: String, _ values: [String: String]) { writer.addMetadata(MCAPMetadata(name: name, metadata: values)) }

    /// Writes the open chunk now (the recorder does this every second, so a kill loses at most that).
    public mutating func closeChunk() throws(MCAPError) { try writer.closeChunk() }

    public mutating func finish() throws(MCAPError) { try writer.finish() }

    private mutating func channel(for field: Int) -> UInt16? {
        if let id = channels[field] { return id }
        guard let payload = schemas.payloadsByField[field] else { return nil }
        let schema = schemaIDs[payload.messageName] ?? {
            let id = writer.addSchema(name: payload.messageName, encoding: "protobuf", data: schemas.eventsDescriptorSet)
            schemaIDs[payload.messageName] = id
            return id
        }()
        let id = writer.addChannel(topic: payload.topic, schemaID: schema, messageEncoding: "protobuf",
                                   metadata: ["envelope_field": String(field)])
        channels[field] = id
        return id
    }
}
