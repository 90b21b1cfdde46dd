import Foundation
import MapEngine
import MapWireProtocol
import MapWireSession

/// One bench-publish command (PROTOCOL.md 7.3): `count` copies of one real event, numbered from
/// `firstSequence` (taken from the session, so the bus stays numbered without gaps), then the reply.
public struct BenchPublish: Sendable {
    /// Published through the core's own path, as the session's events are.
    public let payload: EventPayload
    public let count: Int
    public let firstSequence: UInt64
    public let messageBytes: Int
    public let commandID: UInt64

    /// The run a command asks for; `reserve` takes `count` sequence numbers and returns the first.
    public init(_ command: Mapwire_V1_BenchPublish, commandID: UInt64, mapID: String,
                reserve: (Int) -> UInt64) throws(MapCommandError) {
        guard (1...10_000_000).contains(command.count) else { throw MapCommandError("bench-publish needs a count from 1 to 10,000,000") }
        payload = try BenchEvents.payload(command.kind, bytes: Int(command.bytes), mapID: mapID)
        count = Int(command.count)
        messageBytes = BenchEvents.messageBytes(payload, mapID: mapID)
        self.commandID = commandID
        firstSequence = reserve(count)
    }

    /// The reply, once the events are handed to libzmq in `elapsedNanos`.
    public func reply(elapsedNanos: UInt64) -> Mapwire_V1_ControlMessage {
        .with {
            $0.commandReply = .with {
                $0.id = commandID
                $0.ok = true
                $0.benchPublish = .with {
                    $0.elapsedNanos = elapsedNanos
                    $0.firstSequence = firstSequence
                    $0.lastSequence = firstSequence + UInt64(count) - 1
                    $0.messageBytes = UInt32(messageBytes)
                }
            }
        }
    }
}

extension MapCommandError {
    /// The reply refusing the command `id` for this reason.
    func reply(to id: UInt64) -> Mapwire_V1_ControlMessage {
        .with {
            $0.commandReply = .with {
                $0.id = id
                $0.ok = false
                $0.error = message
                $0.errorCode = reason.protocolValue
            }
        }
    }
}
