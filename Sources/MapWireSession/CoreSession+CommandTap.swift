import Foundation
import MapWireProtocol

/// The command tap (`mapwire record --commands`): while at least one subscription to exactly "command"
/// is held, each command the core receives and each reply it sends is also published, on the topics
/// "command" and "command-reply", as the ControlMessage bytes that travelled. Like a welcome it takes no
/// sequence number. Nothing is encoded while no one holds such a subscription.
extension CoreSession {
    static let commandTapPrefix = "command"

    /// Counts the (un)subscriptions to "command" (CoreSession+State.swift's handleSubscription).
    func noteCommandTapSubscription(prefix: String, subscribed: Bool) {
        guard prefix == Self.commandTapPrefix else { return }
        commandTapSubscriptions = subscribed ? commandTapSubscriptions + 1 : max(0, commandTapSubscriptions - 1)
    }

    /// A command as it arrived (CoreSession+Control.swift, before it is handled, so it comes before
    /// the events it causes).
    func tapCommand(_ bytes: Data, id: UInt64) {
        guard commandTapSubscriptions > 0 else { return }
        outputs.append(.publish(.message(.command(.with { $0.controlMessage = bytes })), sequence: sequence, causationID: id))
    }

    /// A reply as it is sent (CoreSession.send), right after it and under the current sequence number.
    func tapReply(_ message: Mapwire_V1_ControlMessage) {
        guard commandTapSubscriptions > 0, case .commandReply(let reply) = message.body else { return }
        outputs.append(.publish(.message(.commandReply(.with { $0.controlMessage = ControlCodec.encode(message) })), sequence: sequence, causationID: reply.id))
    }
}
