import Foundation
import MapWireProtocol

/// A request the shell itself makes of a plugin (`SessionInput.requests`): a tool built around the core's
/// shell, such as the benchmark core (`mapwire-core-bench`), asks plugins through the same table, ids,
/// dealing and deadlines as the map's own requests, so what it measures is the core's real request path.
/// The map never sees these requests or their answers.
public struct ShellRequest: Sendable {
    /// The shell's own number for the request, given back in its outcome.
    public var token: Int
    /// The role of the plugins that may answer it (`PluginRole`).
    public var role: String
    public var body: PluginRequestBody

    public init(token: Int, role: String, body: PluginRequestBody) {
        self.token = token
        self.role = role
        self.body = body
    }
}

/// How a shell request ended (`SessionOutput.requestFinished`): its one outcome, as every request has one.
public struct ShellRequestFinished: Sendable {
    public enum Outcome: Sendable {
        /// A reply came: `ok` when it is a resource without an error; `bytes`, its encoded size.
        case answered(ok: Bool, bytes: Int)
        /// No reply: no plugin of the role, or none within the request timeout.
        case failed(String)
    }

    public let token: Int
    public let outcome: Outcome
    /// The request's id on the wire.
    public let requestID: UInt64
    /// When its last attempt was sent and when it ended (the session's monotonic clock); 0 sent: never sent.
    public let sentNanos: UInt64
    public let endedNanos: UInt64

    /// From its last send to its end; 0 for a clock that went backwards.
    public var roundTripNanos: UInt64 { endedNanos >= sentNanos ? endedNanos - sentNanos : 0 }
}
