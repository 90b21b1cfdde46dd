import Foundation
import MapWireProtocol

/// Messages over the core's size limits (PROTOCOL.md 3.3): counted in get-state's `messages_too_large`,
/// logged, and answered with `Error{CODE_TOO_LARGE}` naming the limit. They are never decoded: the shell
/// hands over only what their first bytes say (`ControlMessageHead`).
extension CoreSession {
    /// The longest (un)subscription the events socket takes, in bytes after its first byte; the shell lets
    /// libzmq read up to twice this much, so what lies between is counted (Diagnostics).
    public static let largestSubscriptionBytes = Diagnostics.largestSubscriptionBytes

    /// A control message over `--max-message-bytes`. When it is a plugin's reply to a request that plugin
    /// holds, the request fails now with the reason (instead of waiting out its attempts).
    func refuseTooLarge(from identity: Data, bytes: Int, limit: Int, head carried: ControlMessageHead) {
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
