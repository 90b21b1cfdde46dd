import Foundation
import MapWireProtocol
import MapWireWireFormat

/// Messages over the core's size limits (PROTOCOL.md 3.3): counted in get-state's `messages_too_large`,
/// logged, and answered with `Error{CODE_TOO_LARGE}` naming the limit. They are never decoded: the shell
/// hands over only their first bytes.
extension CoreSession {
    /// The longest (un)subscription the events socket takes, in bytes after its first byte; the shell lets
    /// libzmq read up to twice this much, so what lies between is counted (Diagnostics).
    public static let largestSubscriptionBytes = Diagnostics.largestSubscriptionBytes

    /// A control message over `--max-message-bytes`. When it is a plugin's reply to a request that plugin
    /// holds, the request fails now with the reason (instead of waiting out its attempts).
    func refuseTooLarge(from identity: Data, bytes: Int, limit: Int, head: Data) {
        let carried = ControlMessageHead(head)
        let why = "a control message of \(bytes) bytes is over this core's limit of \(limit) bytes (--max-message-bytes): refused unread"
        diagnostics.noteTooLarge(why)
        send(.error(.tooLarge, why, inReplyTo: carried.id), to: identity)
        guard carried.body == .reply, let entry = router.requests.entry(carried.id), entry.plugin == identity,
              let failed = router.requests.remove(carried.id) else { return }
        _ = router.registry.heard(from: identity, now: now)
        resolve(failed, .failed("the \(failed.role) plugin's reply of \(bytes) bytes is over the core's limit of \(limit) bytes (--max-message-bytes)"))
        dispatchWaiting()
    }
}

/// What the first bytes of an encoded ControlMessage say, read without decoding it: which body it carries
/// and, for a command or a plugin reply, its id (field 1 of both, which protobuf writers put first). The
/// id is 0 when the bytes do not show one.
struct ControlMessageHead: Equatable {
    enum Body: Equatable { case command, reply, other }
    var body = Body.other
    var id: UInt64 = 0

    init(body: Body, id: UInt64) {
        self.body = body
        self.id = id
    }

    init(_ bytes: Data) {
        let head = Array(bytes.prefix(32)).withUnsafeBytes { raw -> (body: Body, id: UInt64)? in
            var reader = ProtobufWireReader(raw)
            // The body: a length-delimited field (wire type 2) of ControlMessage.
            guard let tag = reader.varint(), tag & 7 == 2, reader.varint() != nil else { return nil }
            let body: Body
            switch tag >> 3 {
            case 3: body = .command
            case 6: body = .reply
            default: return nil
            }
            // Its first field: `uint64 id = 1` (a varint, tag 0x08).
            guard reader.varint() == 0x08, let id = reader.varint() else { return (body, 0) }
            return (body, id)
        }
        if let head { (body, id) = head }
    }
}
