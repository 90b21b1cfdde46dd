import Foundation
import MapWireWireFormat

/// A control message as the core takes it from its socket, decoded once, where it arrives (the shell, from
/// libzmq's buffer): every resource reply in plain fields, any other message as swift-protobuf's.
public enum IncomingControl: Sendable {
    /// A resource reply (loader → core, the request path's bulk).
    case resourceReply(ResourceReply)
    /// Any other message. A command keeps its own bytes too (`commandBytes`): the command tap republishes
    /// commands as they came (`mapwire record --commands`).
    case message(Mapwire_V1_ControlMessage, commandBytes: Data?)
    /// Bytes that are not a ControlMessage.
    case malformed(EnvelopeDecodingError)

    /// Decodes one control frame: the generated reader for the request path's shapes, swift-protobuf for
    /// the rest (and for those when the generated reader gives up).
    public init(_ frame: UnsafeRawBufferPointer) {
        // A reply alone (the request path's bulk): read in place and taken apart, not copied, as each copy
        // of a plain form retains its strings and data.
        var reply = Mapwire_V1_PluginReply.Plain()
        if Mapwire_V1_ControlMessage.readReply(frame, into: &reply), let resource = reply.resource.take() {
            self = .resourceReply(ResourceReply(id: reply.id, resource: resource))
            return
        }
        var plain = Mapwire_V1_ControlMessage.Plain()
        if plain.read(wireFields: frame) {
            self = if let reply = ResourceReply(taking: &plain) { .resourceReply(reply) } else { .message(plain.protobuf, commandBytes: nil) }
            return
        }
        let message: Mapwire_V1_ControlMessage
        do throws(EnvelopeDecodingError) { message = try ControlCodec.decodeWithSwiftProtobuf(lent: frame) } catch {
            self = .malformed(error)
            return
        }
        switch message.body {
        case .reply(let reply):
            if let resource = ResourceReply(reply) {
                self = .resourceReply(resource)
                return
            }
        case .command:
            self = .message(message, commandBytes: frame.isEmpty ? Data() : Data(bytes: frame.baseAddress!, count: frame.count))
            return
        default:
            break
        }
        self = .message(message, commandBytes: nil)
    }

    /// `init(_:)` over bytes in a `Data` (tests, in-process callers).
    public init(_ bytes: Data) {
        self = bytes.withUnsafeBytes { IncomingControl($0) }
    }
}

/// What the first bytes of an encoded ControlMessage say, read without decoding it (a message over the
/// core's size limit is refused unread, PROTOCOL.md 3.3): which body it carries and, for a command or a
/// plugin reply, its id (field 1 of both, which protobuf writers put first). The id is 0 when the bytes
/// do not show one.
public struct ControlMessageHead: Equatable, Sendable {
    public enum Body: Equatable, Sendable { case command, reply, other }
    public var body = Body.other
    public var id: UInt64 = 0

    public init(body: Body, id: UInt64) {
        self.body = body
        self.id = id
    }

    /// Reads the head from the message's first bytes (32 are enough).
    public init(_ bytes: UnsafeRawBufferPointer) {
        var reader = ProtobufWireReader(UnsafeRawBufferPointer(rebasing: bytes.prefix(32)))
        // The body: a length-delimited field of ControlMessage, its length (which may say more than is here).
        guard let (field, wireType) = reader.key(), wireType == 2, reader.varint() != nil else { return }
        switch field {
        case 3: body = .command  // ControlMessage.command
        case 6: body = .reply    // ControlMessage.reply
        default: return
        }
        // Its first field: `uint64 id = 1` (a varint).
        guard let (idField, idWireType) = reader.key(), idField == 1, idWireType == 0, let id = reader.varint() else { return }
        self.id = id
    }

    /// `init(_:)` over bytes in a `Data`.
    public init(_ bytes: Data) {
        self = bytes.withUnsafeBytes { ControlMessageHead($0) }
    }
}
